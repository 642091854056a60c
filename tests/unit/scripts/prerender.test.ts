import { describe, expect, it } from 'vitest';
import { fillRoot, inlineStylesheets } from '../../../scripts/prerender.ts';

const css: Record<string, string> = { '/assets/index-a.css': 'body{margin:0}\n', '/assets/b.css': '.x{color:red}' };
const readCss = (path: string) => {
  const text = css[path];
  if (text === undefined) throw new Error(`not built: ${path}`);
  return text;
};

describe('inlineStylesheets', () => {
  it('puts the CSS of each linked stylesheet in a <style> where its link was, and keeps every other tag', () => {
    const html = [
      '<link rel="manifest" href="/manifest.webmanifest">',
      '<link rel="stylesheet" crossorigin href="/assets/index-a.css">',
      '<script type="module" src="/assets/index.js"></script>',
      '<link rel="stylesheet" href="/assets/b.css">',
    ].join('');
    expect(inlineStylesheets(html, readCss)).toBe(
      [
        '<link rel="manifest" href="/manifest.webmanifest">',
        '<style>body{margin:0}</style>',
        '<script type="module" src="/assets/index.js"></script>',
        '<style>.x{color:red}</style>',
      ].join(''),
    );
  });

  it('refuses a stylesheet from another origin, which it cannot read', () => {
    expect(() => inlineStylesheets('<link rel="stylesheet" href="https://cdn.example.com/a.css">', readCss)).toThrow(
      /Cannot inline/,
    );
  });
});

describe('fillRoot', () => {
  it('puts the app HTML inside the empty root, with nothing around it', () => {
    expect(fillRoot('<body><div id="root"></div></body>', '<main>$& $1</main>')).toBe(
      '<body><div id="root"><main>$& $1</main></div></body>',
    );
  });

  it('refuses a template without an empty root', () => {
    expect(() => fillRoot('<body><div id="app"></div></body>', '<main></main>')).toThrow(/no <div id="root">/);
  });
});
