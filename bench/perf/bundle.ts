/**
 * What the built app weighs, the way a phone pays for it (gzip -9), and the
 * checks of budget.json. The landing route `/` is its prerendered HTML (the
 * first screen's CSS is inlined in it) plus the scripts it loads before the
 * app runs: those its tags and its boot script name, and their static
 * imports, as the build's own chunk graph records them; lazy chunks load
 * later, on their own screens.
 * The build also records the source modules of each chunk, for budget.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type Rolldown } from 'vite';
import { BOOT_CHUNKS_ID } from '../../src/page/boot-script.ts';

export type AssetKind = 'html' | 'js' | 'css';

export interface SizedFile {
  /** The URL path, as the browser requests it: `/assets/index-abc.js`. */
  path: string;
  kind: AssetKind;
  bytes: number;
  gzipBytes: number;
}

export interface BuiltApp {
  outDir: string;
  landing: SizedFile[];
  /** The same for the Hindi landing page `/hi`. */
  hindiLanding: SizedFile[];
  /** Every JS and CSS file of the build. */
  all: SizedFile[];
  /** Scripts and stylesheets the landing page loads from another origin: not measurable here. */
  external: string[];
  /** URL path of each built chunk → project-relative paths of its source modules. */
  chunkModules: Map<string, string[]>;
}

export const LANDING_PAGE = '/index.html';
/** The same landing page in Hindi: it loads the Hindi texts' chunk too. */
export const HINDI_LANDING_PAGE = '/hi.html';
const TAG = /<(script|link)\b([^>]*)>/gi;
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
const COMMENT = /<!--[\s\S]*?-->/g;

function attributesOf(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, double, single, bare] of source.matchAll(ATTRIBUTE)) {
    if (name) attributes.set(name.toLowerCase(), double ?? single ?? bare ?? '');
  }
  return attributes;
}

/** The chunks a built page's boot script loads (src/page/boot-script.ts), from their JSON list. */
function bootChunks(html: string): string[] {
  const list = new RegExp(`<script type="application/json" id="${BOOT_CHUNKS_ID}">([^<]*)</script>`).exec(html);
  const chunks: unknown = JSON.parse(list?.[1] ?? '[]');
  return Array.isArray(chunks) ? chunks.filter((chunk): chunk is string => typeof chunk === 'string') : [];
}

/** The script and stylesheet URLs an HTML document makes the browser load as it opens, its boot script's included. */
export function htmlAssetUrls(html: string): string[] {
  const urls: string[] = [];
  for (const [, tag, attributeText] of html.replace(COMMENT, '').matchAll(TAG)) {
    const attributes = attributesOf(attributeText ?? '');
    if (tag?.toLowerCase() === 'script') {
      const src = attributes.get('src');
      // Modern browsers skip `nomodule` scripts.
      if (src && !attributes.has('nomodule')) urls.push(src);
      continue;
    }
    const href = attributes.get('href');
    const rel = (attributes.get('rel') ?? '').toLowerCase().split(/\s+/);
    const as = attributes.get('as')?.toLowerCase();
    const loadsCode =
      rel.includes('stylesheet') ||
      rel.includes('modulepreload') ||
      (rel.includes('preload') && (as === 'script' || as === 'style'));
    if (href && loadsCode) urls.push(href);
  }
  return [...urls, ...bootChunks(html)];
}

export const assetKind = (path: string): AssetKind =>
  path.endsWith('.css') ? 'css' : path.endsWith('.html') ? 'html' : 'js';

/**
 * The files the page loads as it opens: its tags, then the static imports of
 * each chunk (`chunkImports`: URL path → URL paths), each file once.
 */
export function collectLandingSet(
  html: string,
  chunkImports: ReadonlyMap<string, readonly string[]>,
): { paths: string[]; external: string[] } {
  const paths: string[] = [];
  const external: string[] = [];
  const queue = [...htmlAssetUrls(html)];
  for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
    // Root-relative URLs are this origin's; anything else (`https:`, `//cdn`) is another's.
    if (!url.startsWith('/') || url.startsWith('//')) {
      if (!external.includes(url)) external.push(url);
      continue;
    }
    const path = url.split(/[?#]/)[0] ?? url;
    if (paths.includes(path)) continue;
    paths.push(path);
    queue.push(...(chunkImports.get(path) ?? []));
  }
  return { paths, external };
}

export function sizeFile(path: string, content: Uint8Array): SizedFile {
  return {
    path,
    kind: assetKind(path),
    bytes: content.byteLength,
    gzipBytes: gzipSync(content, { level: 9 }).byteLength,
  };
}

/** `93.5 kB`: kilobytes of 1000 bytes, as Vite prints them (the budget is in the same unit). */
export function formatKB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

export const gzipTotal = (files: readonly SizedFile[]) => files.reduce((total, file) => total + file.gzipBytes, 0);

/** `91.2 kB gzip (HTML 3.4 kB + JS 87.8 kB, 3 files)`: the kinds present, in a fixed order. */
export function describeTotals(files: readonly SizedFile[]): string {
  const parts = (['html', 'js', 'css'] as const)
    .map((kind) => ({ kind, files: files.filter((file) => file.kind === kind) }))
    .filter((group) => group.files.length > 0)
    .map((group) => `${group.kind.toUpperCase()} ${formatKB(gzipTotal(group.files))}`);
  const count = `${files.length} file${files.length === 1 ? '' : 's'}`;
  return `${formatKB(gzipTotal(files))} gzip (${[parts.join(' + '), count].filter(Boolean).join(', ')})`;
}

/** A bundler module id as a project-relative path with `/` separators; virtual ids (`\0…`) stay as they are. */
export function projectPath(moduleId: string, root: string): string {
  if (moduleId.startsWith('\0')) return moduleId;
  return relative(root, moduleId.split('?')[0] ?? moduleId)
    .split(sep)
    .join('/');
}

function outputsOf(result: Awaited<ReturnType<typeof build>>): Rolldown.RolldownOutput[] {
  return (Array.isArray(result) ? result : [result]).filter(
    (item): item is Rolldown.RolldownOutput => 'output' in item,
  );
}

/** Builds the production app (prerendered pages and service worker included) into `outDir` and measures it. */
export async function buildApp(outDir: string): Promise<BuiltApp> {
  const root = process.cwd();
  const dist = resolve(outDir);
  const result = await build({ root, logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } });
  const chunkModules = new Map<string, string[]>();
  const chunkImports = new Map<string, string[]>();
  for (const item of outputsOf(result).flatMap((output) => output.output)) {
    if (item.type !== 'chunk') continue;
    chunkModules.set(
      `/${item.fileName}`,
      item.moduleIds.map((id) => projectPath(id, root)),
    );
    chunkImports.set(
      `/${item.fileName}`,
      item.imports.map((file) => `/${file}`),
    );
  }
  const read = (path: string) => readFileSync(join(dist, path));
  const landingHtml = read(LANDING_PAGE).toString('utf8');
  const { paths, external } = collectLandingSet(landingHtml, chunkImports);
  const hindi = collectLandingSet(read(HINDI_LANDING_PAGE).toString('utf8'), chunkImports);
  const code = readdirSync(dist, { recursive: true, encoding: 'utf8' })
    .map((file) => `/${file.split(sep).join('/')}`)
    .filter((path) => /\.(m?js|css)$/.test(path));
  return {
    outDir: dist,
    landing: [LANDING_PAGE, ...paths].map((path) => sizeFile(path, read(path))),
    hindiLanding: [HINDI_LANDING_PAGE, ...hindi.paths].map((path) => sizeFile(path, read(path))),
    all: code.map((path) => sizeFile(path, read(path))),
    external: [...new Set([...external, ...hindi.external])],
    chunkModules,
  };
}
