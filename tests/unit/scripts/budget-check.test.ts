import { describe, expect, it } from 'vitest';
import { judgeBudget, parseBudget } from '../../../scripts/perf/budget-check.ts';
import { formatKB, gzipSize, isCodeFile, measureBundle, totals } from '../../../scripts/perf/bundle-size.ts';
import type { SizedFile } from '../../../scripts/perf/bundle-size.ts';

const file = (path: string, gzipBytes: number): SizedFile => ({
  path,
  kind: path.endsWith('.css') ? 'css' : 'js',
  bytes: gzipBytes * 3,
  gzipBytes,
});
const CALENDAR = 'calendar (react-day-picker, date-fns)';
const rules = [{ name: CALENDAR, modules: ['node_modules/date-fns/'] }];
const budget = { landing: { maxGzipBytes: 100_000 }, lazyOnly: rules };

describe('formatKB', () => {
  it.each([
    [0, '0.0 kB'],
    [999, '1.0 kB'],
    [93_456, '93.5 kB'],
    [100_000, '100.0 kB'],
  ])('prints %i bytes as %s', (bytes, text) => {
    expect(formatKB(bytes)).toBe(text);
  });
});

describe('gzipSize', () => {
  it('measures gzip -9: repetitive text shrinks far below its length', () => {
    const text = Buffer.from('const a = 1;\n'.repeat(1000));
    expect(gzipSize(text)).toBeLessThan(text.byteLength / 20);
    expect(gzipSize(text)).toBeGreaterThan(0);
  });
});

describe('isCodeFile', () => {
  it.each([
    ['/assets/index-a.js', true],
    ['/sw.js', true],
    ['/assets/x.mjs', true],
    ['/assets/index-b.css', true],
    ['/index.html', false],
    ['/assets/manifest-c.webmanifest', false],
    ['/icons/icon-192.png', false],
    ['/assets/index-a.js.map', false],
  ])('%s counts as app code: %s', (path, expected) => {
    expect(isCodeFile(path)).toBe(expected);
  });
});

describe('totals', () => {
  it('adds JS and CSS separately and together', () => {
    expect(totals([file('/a.js', 10), file('/b.js', 5), file('/c.css', 2)])).toEqual({
      files: 3,
      bytes: 51,
      gzipBytes: 17,
      jsGzipBytes: 15,
      cssGzipBytes: 2,
    });
  });
});

describe('measureBundle', () => {
  it('sizes the landing set from index.html and every code file for the whole app', () => {
    const built: Record<string, string> = {
      '/index.html':
        '<script type="module" src="/assets/index.js"></script><link rel="stylesheet" href="/assets/a.css">',
      '/assets/index.js': 'import"./vendor.js";const l=()=>import("./lazy.js");',
      '/assets/vendor.js': 'export const v=1;',
      '/assets/lazy.js': 'export const l=2;',
      '/assets/a.css': 'body{margin:0}',
    };
    const sizes = measureBundle((path) => Buffer.from(built[path] ?? ''), Object.keys(built));
    expect(sizes.landing.map((sized) => sized.path)).toEqual([
      '/assets/index.js',
      '/assets/a.css',
      '/assets/vendor.js',
    ]);
    expect(sizes.all.map((sized) => sized.path)).toEqual([
      '/assets/index.js',
      '/assets/vendor.js',
      '/assets/lazy.js',
      '/assets/a.css',
    ]);
    expect(sizes.landing[0]?.bytes).toBe(built['/assets/index.js']?.length);
  });
});

describe('parseBudget', () => {
  it('reads a well-formed budget', () => {
    expect(parseBudget(budget)).toEqual(budget);
  });

  it.each([
    ['no landing limit', { lazyOnly: rules }],
    ['a limit that is not a number', { landing: { maxGzipBytes: '100 KB' }, lazyOnly: rules }],
    ['a zero limit', { landing: { maxGzipBytes: 0 }, lazyOnly: rules }],
    ['no lazy-only list', { landing: { maxGzipBytes: 1 } }],
    ['a rule with no modules', { landing: { maxGzipBytes: 1 }, lazyOnly: [{ name: 'calendar', modules: [] }] }],
    [
      'a rule with an empty pattern, which would match everything',
      { landing: { maxGzipBytes: 1 }, lazyOnly: [{ name: 'x', modules: [''] }] },
    ],
    ['not an object', null],
  ])('refuses %s', (_case, json) => {
    expect(() => parseBudget(json)).toThrow(/budget\.json/);
  });
});

describe('judgeBudget', () => {
  const all = [file('/assets/index.js', 60_000), file('/assets/index.css', 2_000), file('/assets/chat.js', 9_000)];

  it.each([
    ['well under', 60_000, true],
    ['exactly at', 98_000, true],
    ['one byte over', 98_001, false],
  ])('passes a landing route %s the budget only when it fits', (_case, jsBytes, ok) => {
    const sizes = { landing: [file('/assets/index.js', jsBytes), file('/assets/index.css', 2_000)], all, external: [] };
    expect(judgeBudget(sizes, [], budget).ok).toBe(ok);
  });

  it('prints the landing size, its files, the whole app and each rule', () => {
    const sizes = { landing: all.slice(0, 2), all, external: [] };
    expect(judgeBudget(sizes, [], budget).lines).toEqual([
      'landing route /: 62.0 kB gzip (JS 60.0 kB + CSS 2.0 kB, 2 files), budget 100.0 kB: ok',
      '  /assets/index.js 60.0 kB',
      '  /assets/index.css 2.0 kB',
      'whole app: 71.0 kB gzip (JS 69.0 kB + CSS 2.0 kB, 3 files)',
      'calendar (react-day-picker, date-fns) kept off the landing route: ok (not in the build yet)',
    ]);
  });

  it('says where lazy-only code went when the rule holds', () => {
    const sizes = { landing: all.slice(0, 2), all, external: [] };
    const holders = new Map([[CALENDAR, ['/assets/reschedule-page-a.js']]]);
    expect(judgeBudget(sizes, [], budget, holders).lines.at(-1)).toBe(
      'calendar (react-day-picker, date-fns) kept off the landing route: ok (in /assets/reschedule-page-a.js)',
    );
  });

  it('says by how much the landing route is over', () => {
    const sizes = { landing: [file('/assets/index.js', 100_500)], all, external: [] };
    expect(judgeBudget(sizes, [], budget).lines[0]).toBe(
      'landing route /: 100.5 kB gzip (JS 100.5 kB + CSS 0.0 kB, 1 file), budget 100.0 kB: FAIL: over by 0.5 kB',
    );
  });

  it('fails a small landing route that bundles the calendar, naming the file and modules', () => {
    const sizes = { landing: all.slice(0, 1), all, external: [] };
    const leak = { rule: CALENDAR, file: '/assets/index.js', modules: ['node_modules/date-fns/format.js'] };
    const verdict = judgeBudget(sizes, [leak], budget);
    expect(verdict.ok).toBe(false);
    expect(verdict.lines.slice(-2)).toEqual([
      'calendar (react-day-picker, date-fns) kept off the landing route: FAIL',
      '  /assets/index.js bundles node_modules/date-fns/format.js',
    ]);
  });

  it('fails when nothing was found to measure, rather than passing an empty build', () => {
    expect(judgeBudget({ landing: [], all: [], external: [] }, [], budget).ok).toBe(false);
  });

  it('fails when the landing route loads code from another origin', () => {
    const sizes = { landing: all.slice(0, 1), all, external: ['https://cdn.example.com/x.js'] };
    expect(judgeBudget(sizes, [], budget).ok).toBe(false);
  });
});
