/**
 * Which files the browser must fetch to render a page of the built app, found
 * the way the browser finds them: the tags of index.html, then every static
 * `import`/`export … from` of each JS chunk, transitively. Dynamic `import()`
 * chunks load later, on their own screens, and stay out of the set.
 */
import ts from 'typescript';

export type AssetKind = 'js' | 'css';

export interface LandingFile {
  /** The URL path, as the browser requests it: `/assets/index-abc.js`. */
  path: string;
  kind: AssetKind;
}

export interface LandingSet {
  files: LandingFile[];
  /** Scripts and stylesheets from another origin: loaded, but not measurable here. */
  external: string[];
}

const TAG = /<(script|link)\b([^>]*)>/gi;
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
const COMMENT = /<!--[\s\S]*?-->/g;
const ORIGIN = 'http://landing.invalid';

export function parseAttributes(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, double, single, bare] of source.matchAll(ATTRIBUTE)) {
    if (name) attributes.set(name.toLowerCase(), double ?? single ?? bare ?? '');
  }
  return attributes;
}

/** The script and stylesheet URLs an HTML document makes the browser load before it renders. */
export function htmlAssetUrls(html: string): string[] {
  const urls: string[] = [];
  for (const [, tag, attributeText] of html.replace(COMMENT, '').matchAll(TAG)) {
    const attributes = parseAttributes(attributeText ?? '');
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
  return urls;
}

/** The specifiers of a module's static imports and re-exports (not `import()`, which is lazy). */
export function staticImports(code: string): string[] {
  const source = ts.createSourceFile('chunk.js', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const specifiers: string[] = [];
  for (const statement of source.statements) {
    const isStatic = ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement);
    const specifier = isStatic ? statement.moduleSpecifier : undefined;
    if (specifier && ts.isStringLiteral(specifier)) specifiers.push(specifier.text);
  }
  return specifiers;
}

/** The same-origin URL path a reference resolves to from `fromPath`, or undefined for another origin or a bare name. */
export function resolveAssetPath(specifier: string, fromPath: string): string | undefined {
  const isUrl = /^(\.{0,2}\/|[a-z][a-z0-9+.-]*:)/i.test(specifier);
  if (!isUrl) return undefined;
  const url = new URL(specifier, new URL(fromPath, ORIGIN));
  return url.origin === ORIGIN ? url.pathname : undefined;
}

export function assetKind(path: string): AssetKind {
  return path.endsWith('.css') ? 'css' : 'js';
}

/**
 * Follows the page's code from its HTML through static imports. `readText`
 * returns a built file's text by URL path; `pagePath` is where the HTML is served.
 */
export function collectLandingSet(html: string, readText: (path: string) => string, pagePath = '/'): LandingSet {
  const files: LandingFile[] = [];
  const external: string[] = [];
  const seen = new Set<string>();
  const queue: { specifier: string; from: string }[] = htmlAssetUrls(html).map((url) => ({
    specifier: url,
    from: pagePath,
  }));
  for (let next = queue.shift(); next; next = queue.shift()) {
    const path = resolveAssetPath(next.specifier, next.from);
    if (!path) {
      if (!external.includes(next.specifier)) external.push(next.specifier);
      continue;
    }
    if (seen.has(path)) continue;
    seen.add(path);
    const kind = assetKind(path);
    files.push({ path, kind });
    if (kind === 'js') {
      for (const specifier of staticImports(readText(path))) queue.push({ specifier, from: path });
    }
  }
  return { files, external };
}
