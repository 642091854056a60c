/**
 * Prerendering, a step of every `vite build` (vite.config.ts adds the plugin):
 * once the client bundle is written, src/entry-prerender.tsx is built for Node
 * into a temporary folder and every screen is rendered into its own HTML file,
 * by the static hosts' convention (server/http/page-files.ts), with
 * the 404 page in 404.html and an empty app shell, the service worker's
 * navigation fallback, in app-shell.html. Each file is the built index.html
 * with the entry's CSS inlined, so the first screen paints from the HTML alone.
 * It runs in writeBundle, before vite-plugin-pwa's closeBundle injects the
 * precache manifest: the pages are precached with revisions of their own.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { NOT_FOUND_PAGE, pageFile } from '../server/http/page-files.ts';

const ENTRY = 'src/entry-prerender.tsx';
const ENTRY_OUTPUT = 'entry-prerender.mjs';
/** Inside the project, so the Node build's imports of react and friends resolve from node_modules. */
const WORK_DIR = 'node_modules/.prerender';
const EMPTY_ROOT = '<div id="root"></div>';
export const APP_SHELL_FILE = 'app-shell.html';

/** What src/entry-prerender.tsx exports (its Node build is imported at run time, untyped). */
interface PrerenderEntry {
  PRERENDERED_PATHS: readonly string[];
  NOT_FOUND_PATH: string;
  renderPage(path: string): Promise<string>;
}

const STYLESHEET_LINK = /<link\b[^>]*\brel="stylesheet"[^>]*>/g;
const HREF = /\bhref="([^"]+)"/;

/**
 * The built index.html with each stylesheet it links replaced by the same CSS
 * in a <style> element (the CSP allows inline styles; see server/http/security-headers.ts).
 * `readCss` returns a built CSS file by its URL path.
 */
export function inlineStylesheets(html: string, readCss: (urlPath: string) => string): string {
  return html.replace(STYLESHEET_LINK, (link) => {
    const href = HREF.exec(link)?.[1];
    if (!href?.startsWith('/')) throw new Error(`Cannot inline the stylesheet of ${link}`);
    return `<style>${readCss(href).trim()}</style>`;
  });
}

/** The template with the app's HTML in its root element (nothing else between the tags: see src/main.tsx). */
export function fillRoot(template: string, appHtml: string): string {
  if (!template.includes(EMPTY_ROOT)) throw new Error(`The HTML template has no ${EMPTY_ROOT}`);
  return template.replace(EMPTY_ROOT, () => `<div id="root">${appHtml}</div>`);
}

async function buildEntry(config: ResolvedConfig, workDir: string): Promise<PrerenderEntry> {
  await build({
    configFile: false,
    root: config.root,
    mode: config.mode,
    logLevel: 'warn',
    plugins: [react()],
    build: {
      ssr: ENTRY,
      outDir: workDir,
      emptyOutDir: true,
      rollupOptions: { output: { entryFileNames: ENTRY_OUTPUT } },
    },
  });
  return (await import(pathToFileURL(join(workDir, ENTRY_OUTPUT)).href)) as PrerenderEntry;
}

/** Renders every page of `entry` into `outDir`; returns the files written. */
export async function writePages(entry: PrerenderEntry, template: string, outDir: string): Promise<string[]> {
  const fileOf = (path: string) => {
    const file = pageFile(path);
    if (!file) throw new Error(`${path} cannot be served as a page: its last segment has a dot`);
    return file;
  };
  const pages = [
    ...entry.PRERENDERED_PATHS.map((path) => ({ path, file: fileOf(path) })),
    { path: entry.NOT_FOUND_PATH, file: NOT_FOUND_PAGE },
  ];
  const write = async (file: string, html: string) => {
    await mkdir(dirname(join(outDir, file)), { recursive: true });
    await writeFile(join(outDir, file), html);
  };
  await write(APP_SHELL_FILE, template);
  for (const { path, file } of pages) await write(file, fillRoot(template, await entry.renderPage(path)));
  return [APP_SHELL_FILE, ...pages.map(({ file }) => file)];
}

export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'thrive:prerender',
    apply: (userConfig, { command }) => command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(options, bundle) {
      const source = (fileName: string) => {
        const item = bundle[fileName];
        if (item?.type !== 'asset') throw new Error(`The build has no ${fileName}`);
        return typeof item.source === 'string' ? item.source : new TextDecoder().decode(item.source);
      };
      const template = inlineStylesheets(source('index.html'), (urlPath) => source(urlPath.slice(1)));
      await mkdir(join(config.root, WORK_DIR), { recursive: true });
      const workDir = await mkdtemp(join(config.root, WORK_DIR, 'run-'));
      try {
        const entry = await buildEntry(config, workDir);
        await writePages(entry, template, options.dir ?? config.build.outDir);
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
    },
  };
}
