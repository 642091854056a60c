import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface PrecacheEntry {
  url: string;
  revision: string | null;
}

// Workbox injects the precache list into sw.js as a JSON array of {revision, url} objects.
const INJECTED_LIST = /\[(?:\{"revision":(?:"[0-9a-f]+"|null),"url":"[^"]+"\},?)+\]/;

const root = resolve(import.meta.dirname, '../../..');
/**
 * A production build made already, when `npm test` names one (the browsers' own, made beside these tests): the same
 * build, not built a second time. Run alone, the test builds its own.
 */
const madeAlready = process.env.THRIVE_BUILT_APP;
let outDir = '';
let precache: PrecacheEntry[] = [];

const urls = () => precache.map((entry) => entry.url);

/** A production build of the app in a new temporary folder; the folder. */
async function buildApp(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'thrive-sw-build-'));
  // The worker's build reads NODE_ENV (vitest sets 'test'): check the worker that ships.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir: dir, emptyOutDir: true },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  return dir;
}

describe('the built service worker', () => {
  beforeAll(async () => {
    outDir = madeAlready ?? (await buildApp());
    const script = readFileSync(join(outDir, 'sw.js'), 'utf8');
    const list = INJECTED_LIST.exec(script);
    if (!list) throw new Error('sw.js holds no injected precache list');
    precache = JSON.parse(list[0]) as PrecacheEntry[];
  }, 120_000);

  afterAll(() => {
    if (outDir && !madeAlready) rmSync(outDir, { recursive: true, force: true });
  });

  it('precaches index.html with a revision, so a changed shell is fetched again', () => {
    expect(precache).toContainEqual({ url: 'index.html', revision: expect.stringMatching(/^[0-9a-f]{32}$/) });
  });

  it('precaches every prerendered page, the 404 page and the app shell, each with a revision of its own', () => {
    const pages = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.html'));
    expect(pages).toEqual(expect.arrayContaining(['registered-parent/chat.html', '404.html', 'app-shell.html']));
    const revisions = pages.map((file) => precache.find((entry) => entry.url === file.split(sep).join('/'))?.revision);
    expect(revisions).toEqual(pages.map(() => expect.stringMatching(/^[0-9a-f]{32}$/)));
    // Every page's revision is its own: the files differ, so must their revisions.
    expect(new Set(revisions).size).toBe(pages.length);
  });

  it('precaches the web app manifest at its unhashed address', () => {
    expect(urls()).toContain('manifest.webmanifest');
  });

  it('does not precache itself', () => {
    expect(urls().filter((url) => /(^|\/)sw\.js$/.test(url))).toEqual([]);
  });

  it("precaches every route's JavaScript and CSS, so lazy screens open offline", () => {
    const assets = readdirSync(join(outDir, 'assets')).filter((file) => /\.(js|css)$/.test(file));
    expect(assets.length).toBeGreaterThan(3);
    expect(urls()).toEqual(expect.arrayContaining(assets.map((file) => `assets/${file}`)));
  });

  it('precaches every icon the manifest names, and the apple-touch-icon', () => {
    const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.webmanifest'), 'utf8')) as {
      icons: { src: string }[];
    };
    const icons = manifest.icons.map((icon) => icon.src.replace(/^\//, ''));
    expect(icons.length).toBeGreaterThanOrEqual(3);
    expect(urls()).toEqual(expect.arrayContaining([...icons, 'apple-touch-icon.png']));
  });

  it('has no second, hashed copy of the manifest', () => {
    expect(urls().filter((url) => url.endsWith('.webmanifest'))).toEqual(['manifest.webmanifest']);
  });
});
