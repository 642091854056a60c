import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import {
  bootAfterPaint,
  bootOrder,
  fillRoot,
  withBootNotice,
  inlineIcons,
  inlineStylesheets,
  withDocument,
  withoutManifestLink,
  withScreenChunks,
  withSignInHere,
} from '../../../build/prerender.ts';
import {
  BOOT_CHUNKS_ID,
  BOOT_FAILED_ID,
  BOOT_SCRIPT,
  MANIFEST_PATH,
  SCREEN_CHUNKS_ID,
  SIGN_IN_TEMPLATE_ID,
} from '../../../src/page/boot-script.ts';
import { en as appEn } from '../../../src/app/messages.ts';
import { hi as appHi } from '../../../src/app/messages-hi.ts';
import { BOOT_SCRIPT_SOURCE } from '../../../server/http/security-headers.ts';
import { LOCALE_SCRIPT, NEEDS_SESSION_ATTRIBUTE } from '../../../src/page/locale-script.ts';

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

describe('withoutManifestLink', () => {
  it('takes the manifest link and its comment out of the head, for the boot script to add after the first paint', () => {
    const head = [
      '<head>',
      '    <meta name="theme-color" content="#0f5f8c" />',
      '    <!-- vite-ignore: why -->',
      `    <link rel="manifest" href="${MANIFEST_PATH}"  />`,
      '    <link rel="icon" href="/i.png" />',
      '</head>',
    ].join('\n');
    expect(withoutManifestLink(head)).toBe(
      [
        '<head>',
        '    <meta name="theme-color" content="#0f5f8c" />',
        '    <link rel="icon" href="/i.png" />',
        '</head>',
      ].join('\n'),
    );
    expect(BOOT_SCRIPT).toContain(`link("manifest","${MANIFEST_PATH}")`);
  });

  it('refuses a template with no manifest link, or one the boot script would not add', () => {
    expect(() => withoutManifestLink('<head></head>')).toThrow(/links no web app manifest/);
    expect(() => withoutManifestLink('<link rel="manifest" href="/other.json">')).toThrow(/not/);
  });
});

describe('inlineIcons', () => {
  it('writes each linked PNG icon into its link as a data: URL, and leaves other links', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const read = (path: string) => {
      if (path !== '/icons/favicon-32.png') throw new Error(`no ${path}`);
      return png;
    };
    expect(
      inlineIcons(
        '<link rel="icon" type="image/png" sizes="32x32" href="/icons/favicon-32.png" /><link rel="apple-touch-icon" href="/a.png" />',
        read,
      ),
    ).toBe(
      '<link rel="icon" type="image/png" sizes="32x32" href="data:image/png;base64,iVBORw==" /><link rel="apple-touch-icon" href="/a.png" />',
    );
  });

  it('refuses an icon it cannot read from the public folder', () => {
    expect(() => inlineIcons('<link rel="icon" href="https://cdn.example.com/i.png">', () => new Uint8Array())).toThrow(
      /Cannot inline/,
    );
  });
});

describe('fillRoot', () => {
  it('puts the app HTML inside the empty root, with nothing around it, inert until hydrated, marked with its language', () => {
    expect(fillRoot('<body><div id="root"></div></body>', '<main>$& $1</main>', 'hi')).toBe(
      '<body><div id="root" inert data-locale="hi"><main>$& $1</main></div></body>',
    );
  });

  it('leaves the root of a page that only sends the visitor on tappable: its links need no app', () => {
    expect(fillRoot('<div id="root"></div>', '<a href="https://x.test/">x</a>', 'en', { inert: false })).toBe(
      '<div id="root" data-locale="en"><a href="https://x.test/">x</a></div>',
    );
  });

  it('refuses a template without an empty root', () => {
    expect(() => fillRoot('<body><div id="app"></div></body>', '<main></main>', 'en')).toThrow(/no <div id="root">/);
  });
});

describe('withBootNotice', () => {
  it("puts the page's hidden notice, in its language, just before the root, the boot script's id on it", () => {
    const page = '<body><div id="root" inert data-locale="hi"></div></body>';
    const html = withBootNotice(page, 'hi');
    expect(html).toBe(
      `<body><p id="${BOOT_FAILED_ID}" class="boot-failed" role="alert" hidden>${appHi.bootFailed.text} <a href="">${appHi.bootFailed.reload}</a></p><div id="root" inert data-locale="hi"></div></body>`,
    );
    expect(BOOT_SCRIPT).toContain(`getElementById("${BOOT_FAILED_ID}")`);
    expect(withBootNotice(page, 'en')).toContain(`>${appEn.bootFailed.text} <a href="">${appEn.bootFailed.reload}</a>`);
  });

  it('refuses a page without a root', () => {
    expect(() => withBootNotice('<body></body>', 'en')).toThrow(/no root/);
  });
});

describe('withDocument', () => {
  const template = [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <meta charset="UTF-8" />',
    '    <meta',
    '      name="description"',
    '      content="English words"',
    '    />',
    '    <title>English title</title>',
    '  </head>',
    '</html>',
  ].join('\n');
  const hindi = withDocument(template, { lang: 'hi', title: 'शीर्षक <&>', description: 'विवरण "उद्धरण"' });

  it("puts the page's language, title and description in its head, escaped", () => {
    expect(hindi).toContain('<html lang="hi">');
    expect(hindi).toContain('<title>शीर्षक &lt;&amp;&gt;</title>');
    expect(hindi).toContain('content="विवरण &quot;उद्धरण&quot;"');
    expect(hindi).not.toContain('English');
  });

  it('runs the locale script first in the head, before anything can be painted', () => {
    expect(hindi.indexOf(`<script>${LOCALE_SCRIPT}</script>`)).toBeGreaterThan(hindi.indexOf('<meta charset'));
    expect(hindi.indexOf(`<script>${LOCALE_SCRIPT}</script>`)).toBeLessThan(hindi.indexOf('<title>'));
  });

  it('sends a page that leaves on to its address by a meta refresh, after the locale script, escaped', () => {
    const page = withDocument(template, {
      lang: 'en',
      title: 't',
      description: 'd',
      leavesFor: 'https://info.example.org/about?a=1&b=2',
    });
    const refresh = '<meta http-equiv="refresh" content="0; url=https://info.example.org/about?a=1&amp;b=2" />';
    expect(page).toContain(refresh);
    expect(page.indexOf(refresh)).toBeGreaterThan(page.indexOf(`<script>${LOCALE_SCRIPT}</script>`));
  });

  it('marks the locale script of a page only a signed-in parent may see, and no other', () => {
    const guarded = withDocument(template, { lang: 'en', title: 't', description: 'd', needsSession: true });
    expect(guarded).toContain(`<script ${NEEDS_SESSION_ATTRIBUTE}>${LOCALE_SCRIPT}</script>`);
    expect(hindi).toContain(`<script>${LOCALE_SCRIPT}</script>`);
  });

  it('gives a page that stays no refresh', () => {
    expect(hindi).not.toContain('http-equiv');
  });

  it('refuses a template that lacks one of them', () => {
    expect(() =>
      withDocument(template.replace(/<title>.*<\/title>/, ''), { lang: 'en', title: 't', description: 'd' }),
    ).toThrow(/no <title>/);
  });
});

describe('bootOrder', () => {
  it('puts each chunk after the chunks it imports, the entry last, each once, cycles included', () => {
    const imports = new Map([
      ['/assets/index.js', ['/assets/react-dom.js', '/assets/router.js']],
      ['/assets/router.js', ['/assets/react-dom.js', '/assets/runtime.js']],
      ['/assets/react-dom.js', ['/assets/runtime.js']],
      ['/assets/runtime.js', ['/assets/index.js']],
    ]);
    expect(bootOrder('/assets/index.js', imports)).toEqual([
      '/assets/runtime.js',
      '/assets/react-dom.js',
      '/assets/router.js',
      '/assets/index.js',
    ]);
  });
});

describe('bootAfterPaint', () => {
  const template = [
    '<head>',
    '<script type="module" crossorigin src="/assets/index.js"></script>',
    '<link rel="modulepreload" crossorigin href="/assets/react-dom.js">',
    '<link rel="stylesheet" href="/assets/index.css">',
    '</head><body><div id="root"></div></body>',
  ].join('\n');
  const page = bootAfterPaint(template, ['/assets/react-dom.js', '/assets/index.js']);

  it('fetches no script before the first paint: the chunks are only listed, in boot order, for the boot script', () => {
    expect(page).not.toMatch(/type="module"|<link[^>]*modulepreload/);
    const list = new RegExp(`<script type="application/json" id="${BOOT_CHUNKS_ID}">([^<]*)</script>`).exec(page);
    expect(JSON.parse(list?.[1] ?? 'null')).toEqual(['/assets/react-dom.js', '/assets/index.js']);
    expect(page).toContain('<link rel="stylesheet" href="/assets/index.css">');
  });

  it('ends the body with the one inline script the CSP allows by its hash', () => {
    const scripts = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, code]) => code ?? '');
    expect(scripts).toHaveLength(1);
    expect(
      `'sha256-${createHash('sha256')
        .update(scripts[0] ?? '')
        .digest('base64')}'`,
    ).toBe(BOOT_SCRIPT_SOURCE);
    expect(page).toMatch(/<\/script>\s*<\/body>/);
  });
});

describe('withScreenChunks', () => {
  const page = bootAfterPaint(
    '<head></head><body><div id="root"></div><script type="module" src="/a/i.js"></script></body>',
    ['/a/i.js'],
  );

  it("lists the screen's own chunks, in the order given, before the boot list", () => {
    const html = withScreenChunks(page, ['/a/lib.js', '/a/chat.js']);
    const list = new RegExp(`<script type="application/json" id="${SCREEN_CHUNKS_ID}">([^<]*)</script>`).exec(html);
    expect(JSON.parse(list?.[1] ?? 'null')).toEqual(['/a/lib.js', '/a/chat.js']);
    expect(html.indexOf(SCREEN_CHUNKS_ID)).toBeLessThan(html.indexOf(BOOT_CHUNKS_ID));
  });

  it('leaves a page with no screen chunk as it is, and refuses a page with no boot list', () => {
    expect(withScreenChunks(page, [])).toBe(page);
    expect(() => withScreenChunks('<body></body>', ['/a/x.js'])).toThrow(/boot chunks/);
  });
});

describe('withSignInHere', () => {
  const page = withScreenChunks(
    bootAfterPaint(
      '<head></head><body><div id="root"><h1>Hello!</h1></div><script type="module" src="/a/i.js"></script></body>',
      ['/a/i.js'],
    ),
    ['/a/menu.js'],
  );

  it("holds sign-in's screen, title and chunks in a template after the root, which the boot script reads", () => {
    const signIn = { title: 'Sign in "now" & go', appHtml: '<h1>Welcome Back</h1>', chunks: ['/a/sign-in.js'] };
    const html = withSignInHere(page, signIn);
    const template = new RegExp(
      `<template id="${SIGN_IN_TEMPLATE_ID}" data-title="([^"]*)" data-chunks="([^"]*)">(.*?)</template>`,
    ).exec(html);
    const unescape = (text = '') => text.replaceAll('&quot;', '"').replaceAll('&amp;', '&');
    expect(unescape(template?.[1])).toBe(signIn.title);
    expect(JSON.parse(unescape(template?.[2]))).toEqual(signIn.chunks);
    expect(template?.[3]).toBe(signIn.appHtml);
    expect(html.indexOf('</div>')).toBeLessThan(html.indexOf('<template'));
    expect(html.indexOf('<template')).toBeLessThan(html.indexOf(BOOT_CHUNKS_ID));
    expect(() => withSignInHere('<body></body>', signIn)).toThrow(/boot chunks/);
  });
});
