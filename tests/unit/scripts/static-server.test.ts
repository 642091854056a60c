import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  cacheControlOf,
  compress,
  contentTypeOf,
  isCompressible,
  missingFileAnswer,
  pickEncoding,
  requestedFile,
} from '../../../scripts/perf/static-server.ts';

describe('requestedFile', () => {
  it.each([
    ['/', '/srv/dist/'],
    ['/assets/index-a.js', '/srv/dist/assets/index-a.js'],
    ['/robots.txt', '/srv/dist/robots.txt'],
    ['/new-to-thrive/book-consult', '/srv/dist/new-to-thrive/book-consult'],
    ['/a%20b.txt', '/srv/dist/a b.txt'],
  ])('maps %s inside the build', (path, file) => {
    expect(requestedFile('/srv/dist', path)).toBe(file);
  });

  it.each([['/../secret.txt'], ['/%2e%2e/secret.txt'], ['/assets/%2e%2e/%2e%2e/x']])(
    'refuses %s, which escapes the build',
    (path) => {
      expect(requestedFile('/srv/dist', path)).toBeUndefined();
    },
  );
});

describe('missingFileAnswer', () => {
  it.each([
    ['/registered-parent', 'shell'],
    ['/new-to-thrive/book-consult', 'shell'],
    ['/robots.txt', 'not-found'],
    ['/favicon.ico', 'not-found'],
    ['/assets/gone-abc.js', 'not-found'],
  ])('answers a missing %s with %s', (path, answer) => {
    expect(missingFileAnswer(path)).toBe(answer);
  });
});

describe('content types and compression', () => {
  it.each([
    ['/d/index.html', 'text/html; charset=utf-8', true],
    ['/d/a.js', 'text/javascript; charset=utf-8', true],
    ['/d/a.css', 'text/css; charset=utf-8', true],
    ['/d/manifest.webmanifest', 'application/manifest+json', true],
    ['/d/icon.svg', 'image/svg+xml', true],
    ['/d/icon.png', 'image/png', false],
    ['/d/font.woff2', 'font/woff2', false],
    ['/d/blob.bin', 'application/octet-stream', false],
  ])('%s is %s, compressed: %s', (file, type, compressed) => {
    expect(contentTypeOf(file)).toBe(type);
    expect(isCompressible(type)).toBe(compressed);
  });
});

describe('pickEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=1.0, gzip;q=0.8', 'br'],
    ['gzip, deflate', 'gzip'],
    ['*', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0', undefined],
    ['identity', undefined],
    [undefined, undefined],
  ])('%s: %s', (header, expected) => {
    expect(pickEncoding(header)).toBe(expected);
  });
});

describe('compress', () => {
  it.each([['br' as const], ['gzip' as const]])('%s round-trips and shrinks text', (encoding) => {
    const text = Buffer.from('const a = 1;\n'.repeat(500));
    const packed = compress(text, encoding);
    const unpacked = encoding === 'br' ? brotliDecompressSync(packed) : gunzipSync(packed);
    expect(unpacked.equals(text)).toBe(true);
    expect(packed.byteLength).toBeLessThan(text.byteLength / 10);
  });
});

describe('cacheControlOf', () => {
  it.each([
    ['/assets/index-a.js', 'public, max-age=31536000, immutable'],
    ['/index.html', 'no-cache'],
    ['/sw.js', 'no-cache'],
    ['/manifest.webmanifest', 'no-cache'],
  ])('%s gets %s', (path, header) => {
    expect(cacheControlOf(path)).toBe(header);
  });
});
