/**
 * Sizes a bundle the way a phone pays for it: gzip -9 of each JS and CSS
 * file, for the landing set (what `/` needs before it renders) and for the
 * whole app. Pure: it reads files through the functions it is given.
 */
import { gzipSync } from 'node:zlib';
import { assetKind, collectLandingSet, type AssetKind } from './landing-set.ts';

export interface SizedFile {
  path: string;
  kind: AssetKind;
  bytes: number;
  gzipBytes: number;
}

export interface SizeTotals {
  files: number;
  bytes: number;
  gzipBytes: number;
  jsGzipBytes: number;
  cssGzipBytes: number;
}

export interface BundleSizes {
  landing: SizedFile[];
  all: SizedFile[];
  external: string[];
}

export function gzipSize(content: Uint8Array): number {
  return gzipSync(content, { level: 9 }).byteLength;
}

export function sizeFile(path: string, content: Uint8Array): SizedFile {
  return { path, kind: assetKind(path), bytes: content.byteLength, gzipBytes: gzipSize(content) };
}

export function totals(files: readonly SizedFile[]): SizeTotals {
  const sum = (pick: (file: SizedFile) => number) => files.reduce((total, file) => total + pick(file), 0);
  return {
    files: files.length,
    bytes: sum((file) => file.bytes),
    gzipBytes: sum((file) => file.gzipBytes),
    jsGzipBytes: sum((file) => (file.kind === 'js' ? file.gzipBytes : 0)),
    cssGzipBytes: sum((file) => (file.kind === 'css' ? file.gzipBytes : 0)),
  };
}

export function isCodeFile(path: string): boolean {
  return /\.(m?js|css)$/.test(path);
}

/**
 * `readFile` returns a built file by URL path (`/assets/x.js`); `allPaths`
 * lists every file of the build by URL path.
 */
export function measureBundle(readFile: (path: string) => Buffer, allPaths: readonly string[]): BundleSizes {
  const { files, external } = collectLandingSet(readFile('/index.html').toString('utf8'), (path) =>
    readFile(path).toString('utf8'),
  );
  return {
    landing: files.map(({ path }) => sizeFile(path, readFile(path))),
    all: allPaths.filter(isCodeFile).map((path) => sizeFile(path, readFile(path))),
    external,
  };
}

/** `93.5 kB`: kilobytes of 1000 bytes, as Vite prints them (the budget is in the same unit). */
export function formatKB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}
