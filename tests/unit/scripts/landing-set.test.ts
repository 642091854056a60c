import { describe, expect, it } from 'vitest';
import {
  collectLandingSet,
  htmlAssetUrls,
  resolveAssetPath,
  staticImports,
} from '../../../scripts/perf/landing-set.ts';

describe('htmlAssetUrls', () => {
  it.each([
    [
      'a module entry script',
      '<script type="module" crossorigin src="/assets/index-a.js"></script>',
      ['/assets/index-a.js'],
    ],
    ['a stylesheet link', '<link rel="stylesheet" crossorigin href="/assets/index-b.css">', ['/assets/index-b.css']],
    [
      'a modulepreload link',
      '<link rel="modulepreload" crossorigin href="/assets/vendor-c.js">',
      ['/assets/vendor-c.js'],
    ],
    ['a preload of a script', '<link rel="preload" as="script" href="/assets/d.js">', ['/assets/d.js']],
    [
      'single-quoted and unquoted attributes',
      "<link rel='stylesheet' href=/a.css><script src='/b.js'></script>",
      ['/a.css', '/b.js'],
    ],
    ['attributes in capitals', '<LINK REL="Stylesheet" HREF="/c.css">', ['/c.css']],
    ['a link with several rel tokens', '<link rel="preload stylesheet" as="style" href="/d.css">', ['/d.css']],
    [
      'tags in document order',
      '<link rel="stylesheet" href="/1.css"><script type="module" src="/2.js"></script>',
      ['/1.css', '/2.js'],
    ],
  ])('lists %s', (_case, html, urls) => {
    expect(htmlAssetUrls(html)).toEqual(urls);
  });

  it.each([
    ['the web app manifest', '<link rel="manifest" href="/manifest.webmanifest">'],
    ['an icon', '<link rel="icon" href="/favicon.svg">'],
    ['a preload of a font', '<link rel="preload" as="font" href="/f.woff2">'],
    ['an inline script', '<script type="module">import("/lazy.js")</script>'],
    ['a nomodule script modern browsers skip', '<script nomodule src="/legacy.js"></script>'],
    ['a tag inside a comment', '<!-- <script src="/old.js"></script> -->'],
    ['a data-src that is not src', '<script data-src="/x.js"></script>'],
  ])('ignores %s', (_case, html) => {
    expect(htmlAssetUrls(html)).toEqual([]);
  });
});

describe('staticImports', () => {
  it.each([
    ['a minified named import', 'import{t as e}from"./index-a.js";e();', ['./index-a.js']],
    ['a side-effect import', 'import"./polyfill-b.js";', ['./polyfill-b.js']],
    ['a namespace import', 'import*as n from"./c.js";', ['./c.js']],
    ['a default import', "import d from './d.js'", ['./d.js']],
    ['a re-export', 'export{a as b}from"./e.js";', ['./e.js']],
    ['a star re-export', 'export*from"./f.js";', ['./f.js']],
    ['several imports in order', 'import"./1.js";import{x}from"./2.js";', ['./1.js', './2.js']],
  ])('finds %s', (_case, code, specifiers) => {
    expect(staticImports(code)).toEqual(specifiers);
  });

  it.each([
    ['a dynamic import', 'const p=()=>import("./lazy-a.js");'],
    ["Vite's preload list of lazy chunks", 'const m=["assets/chat-b.js","assets/c.css"];'],
    ['import text inside a string', 'const s=\'import{x}from"./fake.js"\';'],
    ['import text inside a template', 'const s=`import "./fake.js"`;'],
    ['a local export without from', 'const a=1;export{a};'],
    ['import.meta', 'const u=new URL("./x.js",import.meta.url);'],
  ])('does not count %s', (_case, code) => {
    expect(staticImports(code)).toEqual([]);
  });
});

describe('resolveAssetPath', () => {
  it.each([
    ['./b.js', '/assets/a.js', '/assets/b.js'],
    ['../c.js', '/assets/nested/a.js', '/assets/c.js'],
    ['/assets/d.js', '/', '/assets/d.js'],
    ['assets/e.js', '/', undefined],
    ['react', '/assets/a.js', undefined],
    ['https://cdn.example.com/f.js', '/', undefined],
    ['./g.js?v=1', '/assets/a.js', '/assets/g.js'],
  ])('resolves %s from %s to %s', (specifier, from, expected) => {
    expect(resolveAssetPath(specifier, from)).toBe(expected);
  });
});

describe('collectLandingSet', () => {
  const html = [
    '<script type="module" src="/assets/index.js"></script>',
    '<link rel="modulepreload" href="/assets/vendor.js">',
    '<link rel="stylesheet" href="/assets/index.css">',
  ].join('');
  const files: Record<string, string> = {
    '/assets/index.js': 'import{a}from"./vendor.js";import"./shared.js";const c=()=>import("./calendar.js");',
    '/assets/vendor.js': 'import"./shared.js";export const a=1;',
    '/assets/shared.js': 'import{a}from"./vendor.js";export const s=2;',
    '/assets/calendar.js': 'import"./date-fns.js";',
    '/assets/date-fns.js': '',
  };
  const read = (path: string) => {
    const text = files[path];
    if (text === undefined) throw new Error(`not built: ${path}`);
    return text;
  };

  it('follows script, preload and stylesheet tags, then static imports, each file once', () => {
    expect(collectLandingSet(html, read).files).toEqual([
      { path: '/assets/index.js', kind: 'js' },
      { path: '/assets/vendor.js', kind: 'js' },
      { path: '/assets/index.css', kind: 'css' },
      { path: '/assets/shared.js', kind: 'js' },
    ]);
  });

  it('leaves out chunks reached only through dynamic import()', () => {
    const paths = collectLandingSet(html, read).files.map((file) => file.path);
    expect(paths).not.toContain('/assets/calendar.js');
    expect(paths).not.toContain('/assets/date-fns.js');
  });

  it('reports code from another origin instead of measuring it', () => {
    const set = collectLandingSet('<script src="https://cdn.example.com/x.js"></script>', read);
    expect(set).toEqual({ files: [], external: ['https://cdn.example.com/x.js'] });
  });
});
