import { describe, expect, it } from 'vitest';
import {
  filesHolding,
  findLazyOnlyLeaks,
  judgeBudget,
  matchesModule,
  parseBudget,
} from '../../../../bench/perf/budget.ts';
import { sizeFile, type BuiltApp, type SizedFile } from '../../../../bench/perf/bundle.ts';

const CALENDAR = 'calendar (react-day-picker, date-fns)';
const rules = [{ name: CALENDAR, modules: ['node_modules/date-fns/'] }];
const budget = {
  landing: { maxGzipBytes: 100_000 },
  hindi: { maxExtraGzipBytes: 8_000 },
  whole: { maxGzipBytes: 180_000 },
  lazyOnly: rules,
};

describe('matchesModule', () => {
  it.each([
    ['node_modules/date-fns/format.js', 'node_modules/date-fns/', true],
    ['node_modules/react-day-picker/node_modules/date-fns/x.js', 'node_modules/date-fns/', true],
    ['node_modules/date-fns-tz/dist/index.js', 'node_modules/date-fns/', false],
    ['node_modules/date-fns-tz/dist/index.js', 'node_modules/date-fns-tz/', true],
    ['src/features/conversation/compose/chat-page.tsx', 'src/features/conversation/compose/', true],
    ['src/features/conversation/compose-history/x.tsx', 'src/features/conversation/compose/', false],
    ['node_modules/pkg/notsrc/features/conversation/compose/x.js', 'src/features/conversation/compose/', false],
  ])('%s against %s: %s', (path, pattern, expected) => {
    expect(matchesModule(path, pattern)).toBe(expected);
  });
});

describe('findLazyOnlyLeaks', () => {
  const rules = [
    { name: 'calendar', modules: ['node_modules/react-day-picker/', 'node_modules/date-fns/'] },
    { name: 'chat', modules: ['src/features/conversation/compose/'] },
  ];
  const chunks = new Map([
    ['/assets/index.js', ['node_modules/react/index.js', 'src/app/landing-page.tsx']],
    ['/assets/reschedule.js', ['node_modules/react-day-picker/dist/index.js', 'node_modules/date-fns/format.js']],
    ['/assets/chat.js', ['src/features/conversation/compose/chat-page.tsx']],
  ]);

  it('finds nothing when the landing files hold none of the lazy-only modules', () => {
    expect(findLazyOnlyLeaks(['/assets/index.js'], chunks, rules)).toEqual([]);
  });

  it('names the rule, the landing file and the modules it should not bundle', () => {
    expect(findLazyOnlyLeaks(['/assets/index.js', '/assets/reschedule.js'], chunks, rules)).toEqual([
      {
        rule: 'calendar',
        file: '/assets/reschedule.js',
        modules: ['node_modules/react-day-picker/dist/index.js', 'node_modules/date-fns/format.js'],
      },
    ]);
  });

  it('reports every broken rule', () => {
    const leaks = findLazyOnlyLeaks(['/assets/reschedule.js', '/assets/chat.js'], chunks, rules);
    expect(leaks.map((leak) => leak.rule)).toEqual(['calendar', 'chat']);
  });

  it('treats a landing CSS file, which has no modules, as clean', () => {
    expect(findLazyOnlyLeaks(['/assets/index.css'], chunks, rules)).toEqual([]);
  });
});

describe('filesHolding', () => {
  const chunks = new Map([
    ['/assets/index.js', ['node_modules/react/index.js']],
    [
      '/assets/reschedule.js',
      ['src/features/registered-parent/reschedule/page.tsx', 'node_modules/date-fns/format.js'],
    ],
    ['/assets/calendar.js', ['node_modules/react-day-picker/dist/index.js']],
  ]);

  it.each([
    [
      ['node_modules/react-day-picker/', 'node_modules/date-fns/'],
      ['/assets/reschedule.js', '/assets/calendar.js'],
    ],
    [['src/features/conversation/compose/'], []],
  ])('finds the files holding %j', (modules, files) => {
    expect(filesHolding(chunks, { name: 'rule', modules })).toEqual(files);
  });
});

describe('parseBudget', () => {
  it('reads a well-formed budget', () => {
    expect(parseBudget(budget)).toEqual(budget);
  });

  it.each([
    ['no landing limit', { hindi: { maxExtraGzipBytes: 1 }, whole: { maxGzipBytes: 1 }, lazyOnly: rules }],
    ['no whole-app limit', { landing: { maxGzipBytes: 1 }, hindi: { maxExtraGzipBytes: 1 }, lazyOnly: rules }],
    ['no Hindi limit', { landing: { maxGzipBytes: 1 }, whole: { maxGzipBytes: 1 }, lazyOnly: rules }],
    [
      'a limit that is not a number',
      {
        hindi: { maxExtraGzipBytes: 1 },
        whole: { maxGzipBytes: 1 },
        landing: { maxGzipBytes: '100 KB' },
        lazyOnly: rules,
      },
    ],
    [
      'a zero limit',
      { hindi: { maxExtraGzipBytes: 1 }, whole: { maxGzipBytes: 1 }, landing: { maxGzipBytes: 0 }, lazyOnly: rules },
    ],
    [
      'no lazy-only list',
      { hindi: { maxExtraGzipBytes: 1 }, whole: { maxGzipBytes: 1 }, landing: { maxGzipBytes: 1 } },
    ],
    [
      'a rule with no modules',
      {
        hindi: { maxExtraGzipBytes: 1 },
        whole: { maxGzipBytes: 1 },
        landing: { maxGzipBytes: 1 },
        lazyOnly: [{ name: 'calendar', modules: [] }],
      },
    ],
    [
      'a rule with an empty pattern, which would match everything',
      {
        hindi: { maxExtraGzipBytes: 1 },
        whole: { maxGzipBytes: 1 },
        landing: { maxGzipBytes: 1 },
        lazyOnly: [{ name: 'x', modules: [''] }],
      },
    ],
    ['not an object', null],
  ])('refuses %s', (_case, json) => {
    expect(() => parseBudget(json)).toThrow(/budget\.json/);
  });
});

describe('judgeBudget', () => {
  const file = (path: string, gzipBytes: number): SizedFile => ({ ...sizeFile(path, Buffer.from('')), gzipBytes });
  const chunkModules = new Map([
    ['/assets/index.js', ['node_modules/react/index.js']],
    ['/assets/reschedule.js', ['node_modules/date-fns/format.js']],
  ]);
  const all = [file('/assets/index.js', 60_000), file('/assets/reschedule.js', 9_000)];
  const app = (landing: SizedFile[], changes: Partial<BuiltApp> = {}) => ({
    landing,
    hindiLanding: [...landing, file('/assets/hindi.js', 4_700)],
    all,
    external: [],
    chunkModules,
    ...changes,
  });

  it.each([
    ['well under', 60_000, true],
    ['exactly at', 97_000, true],
    ['one byte over', 97_001, false],
  ])('passes a landing route %s the budget, HTML counted, only when it fits', (_case, jsBytes, ok) => {
    const landing = [file('/index.html', 3_000), file('/assets/index.js', jsBytes)];
    expect(judgeBudget(app(landing), budget).ok).toBe(ok);
  });

  it('prints the landing size, its files, the whole app and where lazy-only code went', () => {
    const landing = [file('/index.html', 3_000), file('/assets/index.js', 60_000)];
    expect(judgeBudget(app(landing), budget).lines).toEqual([
      'landing route /: 63.0 kB gzip (HTML 3.0 kB + JS 60.0 kB, 2 files), budget 100.0 kB: ok',
      '  /index.html 3.0 kB',
      '  /assets/index.js 60.0 kB',
      'Hindi landing route /hi: 67.7 kB gzip (HTML 3.0 kB + JS 64.7 kB, 3 files), 4.7 kB more than /, budget 8.0 kB more: ok',
      '  /assets/hindi.js 4.7 kB',
      'whole app: 69.0 kB gzip (JS 69.0 kB, 2 files), budget 180.0 kB: ok',
      'calendar (react-day-picker, date-fns) kept off the landing route: ok (in /assets/reschedule.js)',
    ]);
  });

  it('fails a Hindi page that costs more than its budget beyond the English one', () => {
    const landing = [file('/index.html', 3_000), file('/assets/index.js', 60_000)];
    const hindiLanding = [file('/hi.html', 3_300), file('/assets/index.js', 60_000), file('/assets/hindi.js', 7_701)];
    const verdict = judgeBudget(app(landing, { hindiLanding }), budget);
    expect(verdict.ok).toBe(false);
    expect(verdict.lines[3]).toBe(
      'Hindi landing route /hi: 71.0 kB gzip (HTML 3.3 kB + JS 67.7 kB, 3 files), 8.0 kB more than /, budget 8.0 kB more: FAIL',
    );
    expect(judgeBudget(app(landing, { hindiLanding: hindiLanding.slice(0, 2) }), budget).ok).toBe(true);
  });

  it('fails an app that grew past its whole-app limit, saying by how much', () => {
    const landing = [file('/index.html', 3_000), file('/assets/index.js', 60_000)];
    const grown = [...all, file('/assets/chat.js', 111_001)];
    const verdict = judgeBudget(app(landing, { all: grown }), budget);
    expect(verdict.ok).toBe(false);
    expect(verdict.lines).toContain(
      'whole app: 180.0 kB gzip (JS 180.0 kB, 3 files), budget 180.0 kB: FAIL: over by 1 byte',
    );
    expect(judgeBudget(app(landing, { all: grown.slice(0, 2) }), budget).ok).toBe(true);
  });

  it.each([
    [22, 'over by 22 bytes'],
    [49, 'over by 49 bytes'],
    [50, 'over by 0.1 kB'],
    [2_400, 'over by 2.4 kB'],
  ])('says an overrun of %d bytes as "%s", never as 0.0 kB', (bytes, said) => {
    const landing = [file('/index.html', 3_000), file('/assets/index.js', 60_000)];
    const grown = [...all, file('/assets/chat.js', 111_000 + bytes)];
    expect(judgeBudget(app(landing, { all: grown }), budget).lines).toContainEqual(
      expect.stringMatching(`: FAIL: ${said}$`),
    );
  });

  it('says by how much the landing route is over', () => {
    const landing = [file('/index.html', 500), file('/assets/index.js', 100_000)];
    expect(judgeBudget(app(landing), budget).lines[0]).toBe(
      'landing route /: 100.5 kB gzip (HTML 0.5 kB + JS 100.0 kB, 2 files), budget 100.0 kB: FAIL: over by 0.5 kB',
    );
  });

  it('fails a small landing route that bundles the calendar, naming the file and modules', () => {
    const verdict = judgeBudget(app([file('/index.html', 3_000), file('/assets/reschedule.js', 9_000)]), budget);
    expect(verdict.ok).toBe(false);
    expect(verdict.lines.slice(-2)).toEqual([
      'calendar (react-day-picker, date-fns) kept off the landing route: FAIL',
      '  /assets/reschedule.js bundles node_modules/date-fns/format.js',
    ]);
  });

  it('fails when no script was found to measure, rather than passing a page that cannot run', () => {
    expect(judgeBudget(app([file('/index.html', 3_000)]), budget).ok).toBe(false);
  });

  it('fails when the landing route loads code from another origin', () => {
    const landing = [file('/index.html', 3_000), file('/assets/index.js', 60_000)];
    expect(judgeBudget(app(landing, { external: ['https://cdn.example.com/x.js'] }), budget).ok).toBe(false);
  });
});
