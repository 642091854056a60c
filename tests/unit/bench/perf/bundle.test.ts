import { describe, expect, it } from 'vitest';
import {
  collectLandingSet,
  describeTotals,
  formatKB,
  htmlAssetUrls,
  projectPath,
  sizeFile,
  type SizedFile,
} from '../../../../bench/perf/bundle.ts';
import { BOOT_CHUNKS_ID } from '../../../../src/page/boot-script.ts';

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
    ['a JSON data block of another name', '<script type="application/json" id="other">["/y.js"]</script>'],
  ])('ignores %s', (_case, html) => {
    expect(htmlAssetUrls(html)).toEqual([]);
  });

  it("lists the chunks the page's boot script loads, after the tags", () => {
    const html = [
      '<link rel="stylesheet" href="/a.css">',
      `<script type="application/json" id="${BOOT_CHUNKS_ID}">["/assets/react-dom.js","/assets/index.js"]</script>`,
      '<script>boot()</script>',
    ].join('');
    expect(htmlAssetUrls(html)).toEqual(['/a.css', '/assets/react-dom.js', '/assets/index.js']);
  });
});

describe('collectLandingSet', () => {
  const html = [
    '<script type="module" src="/assets/index.js"></script>',
    '<link rel="modulepreload" href="/assets/vendor.js">',
    '<link rel="stylesheet" href="/assets/index.css?v=2">',
  ].join('');
  // Static imports as the build records them; calendar.js is reached only by import(), so it is not listed.
  const imports = new Map([
    ['/assets/index.js', ['/assets/vendor.js', '/assets/shared.js']],
    ['/assets/vendor.js', ['/assets/shared.js']],
    ['/assets/shared.js', ['/assets/vendor.js']],
    ['/assets/calendar.js', ['/assets/date-fns.js']],
  ]);

  it('follows script, preload and stylesheet tags, then static imports, each file once', () => {
    expect(collectLandingSet(html, imports)).toEqual({
      paths: ['/assets/index.js', '/assets/vendor.js', '/assets/index.css', '/assets/shared.js'],
      external: [],
    });
  });

  it.each(['https://cdn.example.com/x.js', '//cdn.example.com/y.js'])(
    'reports code from another origin (%s) instead of measuring it',
    (url) => {
      expect(collectLandingSet(`<script src="${url}"></script>`, imports)).toEqual({ paths: [], external: [url] });
    },
  );
});

describe('sizing', () => {
  it('measures gzip -9: repetitive text shrinks far below its length', () => {
    const text = Buffer.from('const a = 1;\n'.repeat(1000));
    const sized = sizeFile('/assets/a.js', text);
    expect(sized).toMatchObject({ path: '/assets/a.js', kind: 'js', bytes: text.byteLength });
    expect(sized.gzipBytes).toBeLessThan(text.byteLength / 20);
    expect(sized.gzipBytes).toBeGreaterThan(0);
  });

  it.each([
    ['/index.html', 'html'],
    ['/registered-parent/menu.html', 'html'],
    ['/assets/index-b.css', 'css'],
    ['/assets/index-a.js', 'js'],
  ])('counts %s as %s', (path, kind) => {
    expect(sizeFile(path, Buffer.from('x')).kind).toBe(kind);
  });

  it.each([
    [0, '0.0 kB'],
    [999, '1.0 kB'],
    [93_456, '93.5 kB'],
    [100_000, '100.0 kB'],
  ])('prints %i bytes as %s', (bytes, text) => {
    expect(formatKB(bytes)).toBe(text);
  });

  it('adds up the files by kind, HTML first', () => {
    const file = (path: string, gzipBytes: number): SizedFile => ({
      ...sizeFile(path, Buffer.from('')),
      gzipBytes,
    });
    expect(describeTotals([file('/a.js', 10_000), file('/index.html', 3_000), file('/b.js', 5_000)])).toBe(
      '18.0 kB gzip (HTML 3.0 kB + JS 15.0 kB, 3 files)',
    );
    expect(describeTotals([file('/c.css', 2_000)])).toBe('2.0 kB gzip (CSS 2.0 kB, 1 file)');
  });
});

describe('projectPath', () => {
  it.each([
    ['/repo/node_modules/date-fns/format.js', 'node_modules/date-fns/format.js'],
    ['/repo/src/app/app-routes.tsx', 'src/app/app-routes.tsx'],
    ['/repo/src/app/styles.css?used', 'src/app/styles.css'],
    ['\0rolldown/runtime.js', '\0rolldown/runtime.js'],
  ])('turns %s into %s', (id, expected) => {
    expect(projectPath(id, '/repo')).toBe(expected);
  });
});
