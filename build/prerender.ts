/**
 * Prerendering, a step of every `vite build` (vite.config.ts adds the plugin):
 * once the client bundle is written, src/entry-prerender.tsx is built for Node
 * into a temporary folder and every screen is rendered into its own HTML file
 * by the static hosts' convention (src/page/page-locations.ts), the 404 page
 * into 404.html, and an empty app shell, the service worker's navigation
 * fallback (sw/app-shell.ts), into app-shell.html. Each file is the built
 * index.html with the entry's CSS inlined, and a screen's own CSS in its
 * page, so the first screen paints styled from the HTML alone, and the app started by the boot script
 * (src/page/boot-script.ts) once it has. This runs in writeBundle, before
 * vite-plugin-pwa's closeBundle injects the precache manifest: the pages are
 * precached with revisions of their own.
 */
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig, type Rolldown } from 'vite';
import { en as appEn } from '../src/app/messages.ts';
import { hi as appHi } from '../src/app/messages-hi.ts';
import {
  BOOT_CHUNKS_ID,
  BOOT_FAILED_ID,
  BOOT_SCRIPT,
  MANIFEST_PATH,
  SCREEN_CHUNKS_ID,
  SIGN_IN_TEMPLATE_ID,
} from '../src/page/boot-script.ts';
import { LOCALE_SCRIPT, NEEDS_SESSION_ATTRIBUTE } from '../src/page/locale-script.ts';
import { notFoundPage, pageFile } from '../src/page/page-locations.ts';
import { paths } from '../src/config/paths.ts';
import { pathIn, type Locale } from '../src/shared/i18n/locale.ts';

const ENTRY = 'src/entry-prerender.tsx';
const ENTRY_OUTPUT = 'entry-prerender.mjs';
/** Inside the project, so the Node build's imports of react and friends resolve from node_modules. */
const WORK_DIR = 'node_modules/.prerender';
const EMPTY_ROOT = '<div id="root"></div>';
const APP_SHELL_FILE = 'app-shell.html';

/** What src/entry-prerender.tsx exports (its Node build is imported at run time, untyped). */
interface PrerenderEntry {
  PRERENDERED_PAGES: readonly { path: string; locale: Locale; screenExport?: string | undefined }[];
  NOT_FOUND_PATHS: readonly { path: string; locale: Locale }[];
  documentOf(path: string): PageDocument;
  renderPage(path: string): Promise<string>;
}

/** What a page's head says in its language. */
export interface PageDocument {
  lang: Locale;
  title: string;
  description: string;
  /** The address outside the portal the page sends the visitor on to at once (the know-more page's). */
  leavesFor?: string | undefined;
  /** Only a signed-in parent may see it: its locale script sends anyone else to sign-in before the first paint. */
  needsSession?: boolean | undefined;
  /** Its screen is links and text only: they work before the app has started, so the page is not inert. */
  linksOnly?: boolean | undefined;
}

/** The hand-written module of every Hindi catalog (src/app/hindi.ts): a Hindi page boots with its chunk too. */
const HINDI_MODULE = '/src/app/hindi.ts';

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

const MANIFEST_LINK = /\n?[ \t]*(?:<!--[^>]*-->\s*)?<link\b[^>]*\brel="manifest"[^>]*>/;
const ICON_LINK = /<link\b[^>]*\brel="icon"[^>]*>/g;

/**
 * The built index.html without its link to the web app manifest (and the
 * comment about it): the boot script links it once the first paint is on
 * screen (see MANIFEST_PATH), or the browser would fetch the manifest and its
 * icon as the page loads, before that paint has reached the screen.
 */
export function withoutManifestLink(html: string): string {
  const link = MANIFEST_LINK.exec(html)?.[0];
  if (!link) throw new Error('The HTML template links no web app manifest');
  if (HREF.exec(link)?.[1] !== MANIFEST_PATH) throw new Error(`The boot script links ${MANIFEST_PATH}, not ${link}`);
  return html.replace(MANIFEST_LINK, '');
}

/**
 * The built index.html with each icon it links written into its link as a
 * data: URL (a PNG of a few hundred bytes; the CSP allows data: images):
 * the browser asks for no icon as the page loads. `readPublic` returns a
 * file of the public folder by its URL path.
 */
export function inlineIcons(html: string, readPublic: (urlPath: string) => Uint8Array): string {
  return html.replace(ICON_LINK, (link) => {
    const href = HREF.exec(link)?.[1];
    if (!href?.startsWith('/') || !href.endsWith('.png')) throw new Error(`Cannot inline the icon of ${link}`);
    const url = `data:image/png;base64,${Buffer.from(readPublic(href)).toString('base64')}`;
    return link.replace(HREF, () => `href="${url}"`);
  });
}

const MODULE_TAG = /<script\b[^>]*\btype="module"[^>]*><\/script>|<link\b[^>]*\brel="modulepreload"[^>]*>/g;

/**
 * The order the boot script evaluates the entry's chunks in: each after the
 * chunks it imports, the entry last. `imports` maps a chunk's URL path to the
 * URL paths it statically imports.
 */
export function bootOrder(entry: string, imports: ReadonlyMap<string, readonly string[]>): string[] {
  const order: string[] = [];
  const seen = new Set<string>();
  const visit = (chunk: string) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    for (const dependency of imports.get(chunk) ?? []) visit(dependency);
    order.push(chunk);
  };
  visit(entry);
  return order;
}

/**
 * The built index.html with its module script and preloads replaced by the
 * list of chunks, in boot order, for the boot script that ends the body: the
 * page fetches no script before its first paint.
 */
export function bootAfterPaint(html: string, chunks: readonly string[]): string {
  const tags = html.match(MODULE_TAG) ?? [];
  if (!tags.some((tag) => tag.startsWith('<script'))) throw new Error('The HTML template has no module script');
  const list = `<script type="application/json" id="${BOOT_CHUNKS_ID}">${JSON.stringify(chunks)}</script>`;
  return html
    .replace(MODULE_TAG, '')
    .replace(/\n\s*(?=\n)/g, '')
    .replace('</body>', () => `  ${list}\n    <script>${BOOT_SCRIPT}</script>\n  </body>`);
}

/**
 * The page with the list of its screen's own chunks (`chunks`, in dependency
 * order, none of the template's boot list) before its boot list: the boot
 * script fetches them with the entry's, the app evaluates them (see SCREEN_CHUNKS_ID).
 */
export function withScreenChunks(html: string, chunks: readonly string[]): string {
  if (chunks.length === 0) return html;
  return beforeBootList(
    html,
    `<script type="application/json" id="${SCREEN_CHUNKS_ID}">${JSON.stringify(chunks)}</script>`,
  );
}

/** The page with `element` just before its list of boot chunks (bootAfterPaint's), where the body ends. */
function beforeBootList(html: string, element: string): string {
  const bootList = `<script type="application/json" id="${BOOT_CHUNKS_ID}">`;
  if (!html.includes(bootList)) throw new Error('The page has no list of boot chunks');
  return html.replace(bootList, () => `${element}\n    ${bootList}`);
}

/**
 * The template with the app's HTML in its root element (nothing else between
 * the tags: see src/main.tsx). The root is inert until the app has hydrated
 * its screen and rendered what the visit knows (src/app/app-layout.tsx): a tap
 * or a keystroke before then would reach a form with no handler, or a handler
 * that does not know the parent yet, and what was typed would be lost. A page that only
 * sends the visitor on, or holds only links and text (`inert: false`), works
 * with no app: inert, it would ignore every tap until the app has arrived and
 * started, seconds on slow mobile data, or for good in a browser without script.
 */
export function fillRoot(template: string, appHtml: string, locale: Locale, { inert = true } = {}): string {
  if (!template.includes(EMPTY_ROOT)) throw new Error(`The HTML template has no ${EMPTY_ROOT}`);
  const attributes = `${inert ? ' inert' : ''} data-locale="${locale}"`;
  return template.replace(EMPTY_ROOT, () => `<div id="root"${attributes}>${appHtml}</div>`);
}

const HTML_LANG = /<html lang="[^"]*">/;
const TITLE = /<title>[^<]*<\/title>/;
const DESCRIPTION = /(<meta\s+name="description"\s+content=")[^"]*(")/;
const CHARSET = /<meta charset="UTF-8" \/>/;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const BOOT_TEXTS = { en: appEn.bootFailed, hi: appHi.bootFailed };

/**
 * The page's notice that the app did not load, hidden, before its root: the boot script shows it when a chunk
 * does not arrive. Its Reload link loads the page again; it needs no script.
 */
export function withBootNotice(html: string, locale: Locale): string {
  const root = '<div id="root"';
  if (!html.includes(root)) throw new Error('The page has no root element');
  const { text, reload } = BOOT_TEXTS[locale];
  const notice = `<p id="${BOOT_FAILED_ID}" class="boot-failed" role="alert" hidden>${escapeHtml(text)} <a href="">${escapeHtml(reload)}</a></p>`;
  return html.replace(root, () => `${notice}${root}`);
}

/** What a guarded page holds of the sign-in screen in its language, to show in place of its own. */
export interface SignInHere {
  title: string;
  /** The sign-in page's root content, as its own page has it. */
  appHtml: string;
  chunks: readonly string[];
}

/**
 * The page with the sign-in screen in a template after its root (see SIGN_IN_TEMPLATE_ID): with no parent in
 * the tab, the boot script shows it in place of the page's screen, which then costs no second page. The page's
 * own list of screen chunks (withScreenChunks) is where the boot script puts sign-in's.
 */
export function withSignInHere(html: string, signIn: SignInHere): string {
  const page = beforeBootList(
    html,
    `<template id="${SIGN_IN_TEMPLATE_ID}" data-title="${escapeHtml(signIn.title)}" ` +
      `data-chunks="${escapeHtml(JSON.stringify(signIn.chunks))}">${signIn.appHtml}</template>`,
  );
  if (!page.includes(`id="${SCREEN_CHUNKS_ID}"`)) throw new Error('The page has no list of screen chunks');
  return page;
}

/** A meta refresh that leaves at once for `url`, or nothing. */
const refreshTo = (url: string | undefined) =>
  url ? `\n    <meta http-equiv="refresh" content="0; url=${escapeHtml(url)}" />` : '';

/**
 * The template in a page's language: its lang, title and description, and
 * the locale script (src/page/locale-script.ts) first in the head, before
 * anything can be painted, marked on a page that needs the session user (the
 * script then guards it before the first paint). A page that sends the visitor on gets a meta
 * refresh to that address after it: the browser leaves by itself, before or
 * without any script (a meta refresh is no script: the CSP allows it).
 */
export function withDocument(html: string, document: PageDocument): string {
  for (const [pattern, what] of [
    [HTML_LANG, '<html lang>'],
    [TITLE, '<title>'],
    [DESCRIPTION, 'description'],
    [CHARSET, 'charset'],
  ] as const) {
    if (!pattern.test(html)) throw new Error(`The HTML template has no ${what}`);
  }
  return html
    .replace(HTML_LANG, () => `<html lang="${document.lang}">`)
    .replace(TITLE, () => `<title>${escapeHtml(document.title)}</title>`)
    .replace(DESCRIPTION, (_, start: string, end: string) => `${start}${escapeHtml(document.description)}${end}`)
    .replace(
      CHARSET,
      (charset) =>
        `${charset}\n    <script${document.needsSession ? ` ${NEEDS_SESSION_ATTRIBUTE}` : ''}>${LOCALE_SCRIPT}</script>` +
        refreshTo(document.leavesFor),
    );
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

/** `<style>` elements for `css` (built CSS texts), put where the head ends: after the entry's. */
export function withStyles(html: string, css: readonly string[]): string {
  const styles = css.map((text) => `<style>${text.trim()}</style>`).join('');
  return styles ? html.replace('</head>', () => `${styles}</head>`) : html;
}

/**
 * Renders every page into `outDir`, one after the other (the page's language
 * is module state while it renders), and the app shell beside them.
 * `templateOf` gives the template a language's pages boot with; `screenCss`
 * the CSS a screen's own chunk brings (by the screen's export name): it is
 * inlined into that screen's page, so its first paint is already styled.
 */
async function writePages(
  renderer: PrerenderEntry,
  templateOf: (locale: Locale) => string,
  outDir: string,
  screenCss: (screenExport: string | undefined) => string[],
  screenChunks: (screenExport: string | undefined, locale: Locale) => string[],
): Promise<void> {
  const fileOf = (path: string) => {
    const file = pageFile(path);
    if (!file) throw new Error(`${path} cannot be served as a page: its last segment has a dot`);
    return file;
  };
  const pages = [
    ...renderer.PRERENDERED_PAGES.map((page) => ({ ...page, file: fileOf(page.path) })),
    ...renderer.NOT_FOUND_PATHS.map((page) => ({ ...page, screenExport: undefined, file: notFoundPage(page.path) })),
  ];
  const write = async (file: string, html: string) => {
    await mkdir(dirname(join(outDir, file)), { recursive: true });
    await writeFile(join(outDir, file), html);
  };
  // The app shell answers any address, so it boots as an English page does; a Hindi address's app loads its texts.
  await write(APP_SHELL_FILE, withBootNotice(withDocument(templateOf('en'), renderer.documentOf('/')), 'en'));
  // Sign-in as each language's guarded pages hold it: rendered once per language, not once per page.
  const signInHere = new Map<Locale, { signIn: SignInHere; css: string[] }>();
  const signInOf = async (locale: Locale) => {
    const kept = signInHere.get(locale);
    if (kept) return kept;
    const path = pathIn(locale, paths.signIn);
    const screen = renderer.PRERENDERED_PAGES.find((page) => page.path === path)?.screenExport;
    const signIn = {
      title: renderer.documentOf(path).title,
      appHtml: await renderer.renderPage(path),
      chunks: screenChunks(screen, locale),
    };
    const made = { signIn, css: screenCss(screen) };
    signInHere.set(locale, made);
    return made;
  };
  for (const { path, locale, screenExport, file } of pages) {
    const document = renderer.documentOf(path);
    const template = withDocument(templateOf(locale), document);
    const inert = !document.leavesFor && !document.linksOnly;
    const filled = fillRoot(template, await renderer.renderPage(path), locale, { inert });
    // A page that sends the visitor on starts no app, so nothing can fail to load.
    const html = document.leavesFor ? filled : withBootNotice(filled, locale);
    const css = screenCss(screenExport);
    let page = withScreenChunks(html, screenChunks(screenExport, locale));
    if (document.needsSession) {
      const { signIn, css: signInCss } = await signInOf(locale);
      page = withSignInHere(page, signIn);
      css.push(...signInCss.filter((text) => !css.includes(text)));
    }
    await write(file, withStyles(page, css));
  }
}

type BuiltChunk = Rolldown.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** The CSS files a chunk and its static imports bring, in import order. */
function cssOfChunk(chunk: BuiltChunk, chunks: ReadonlyMap<string, BuiltChunk>): string[] {
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (item: BuiltChunk) => {
    if (seen.has(item.fileName)) return;
    seen.add(item.fileName);
    for (const file of item.imports) {
      const imported = chunks.get(file);
      if (imported) visit(imported);
    }
    for (const file of item.viteMetadata?.importedCss ?? []) css.add(file);
  };
  visit(chunk);
  return [...css];
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
      const chunks = Object.values(bundle).filter((item): item is BuiltChunk => item.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) throw new Error('The build has no entry chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const entryCss = new Set(cssOfChunk(entry, byFile));
      const screenCss = (screenExport: string | undefined) => {
        if (!screenExport) return [];
        const screen = chunks.find((chunk) => chunk.isDynamicEntry && chunk.exports.includes(screenExport));
        if (!screen) throw new Error(`No chunk exports the screen ${screenExport}`);
        return cssOfChunk(screen, byFile)
          .filter((file) => !entryCss.has(file))
          .map(source);
      };
      const imports = new Map(chunks.map((chunk) => [`/${chunk.fileName}`, chunk.imports.map((file) => `/${file}`)]));
      const html = inlineIcons(
        withoutManifestLink(inlineStylesheets(source('index.html'), (urlPath) => source(urlPath.slice(1)))),
        (urlPath) => readFileSync(join(config.publicDir, urlPath.slice(1))),
      );
      const hindi = chunks.find((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId?.endsWith(HINDI_MODULE));
      if (!hindi) throw new Error(`The build has no chunk of ${HINDI_MODULE}`);
      const entryOrder = bootOrder(`/${entry.fileName}`, imports);
      // A Hindi page fetches its texts with the entry's chunks, not after them: they are in before the app renders.
      const hindiOrder = bootOrder(`/${hindi.fileName}`, imports).filter((chunk) => !entryOrder.includes(chunk));
      const bootLists: Record<Locale, string[]> = { en: entryOrder, hi: [...hindiOrder, ...entryOrder] };
      const templates: Record<Locale, string> = {
        en: bootAfterPaint(html, bootLists.en),
        hi: bootAfterPaint(html, bootLists.hi),
      };
      const screenChunks = (screenExport: string | undefined, locale: Locale) => {
        if (!screenExport) return [];
        const screen = chunks.find((chunk) => chunk.isDynamicEntry && chunk.exports.includes(screenExport));
        if (!screen) throw new Error(`No chunk exports the screen ${screenExport}`);
        return bootOrder(`/${screen.fileName}`, imports).filter((chunk) => !bootLists[locale].includes(chunk));
      };
      await mkdir(join(config.root, WORK_DIR), { recursive: true });
      const workDir = await mkdtemp(join(config.root, WORK_DIR, 'run-'));
      try {
        await writePages(
          await buildEntry(config, workDir),
          (locale) => templates[locale],
          options.dir ?? config.build.outDir,
          screenCss,
          screenChunks,
        );
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
    },
  };
}
