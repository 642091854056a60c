import { describe, expect, it } from 'vitest';
import { filesHolding, findLazyOnlyLeaks, matchesModule, projectPath } from '../../../scripts/perf/lazy-only.ts';

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

describe('matchesModule', () => {
  it.each([
    ['node_modules/date-fns/format.js', 'node_modules/date-fns/', true],
    ['node_modules/react-day-picker/node_modules/date-fns/x.js', 'node_modules/date-fns/', true],
    ['node_modules/date-fns-tz/dist/index.js', 'node_modules/date-fns/', false],
    ['node_modules/date-fns-tz/dist/index.js', 'node_modules/date-fns-tz/', true],
    ['src/features/registered-parent/chat/chat-page.tsx', 'src/features/registered-parent/chat/', true],
    ['src/features/registered-parent/chat-history/x.tsx', 'src/features/registered-parent/chat/', false],
    ['node_modules/pkg/notsrc/features/registered-parent/chat/x.js', 'src/features/registered-parent/chat/', false],
  ])('%s against %s: %s', (path, pattern, expected) => {
    expect(matchesModule(path, pattern)).toBe(expected);
  });
});

describe('findLazyOnlyLeaks', () => {
  const rules = [
    { name: 'calendar', modules: ['node_modules/react-day-picker/', 'node_modules/date-fns/'] },
    { name: 'chat', modules: ['src/features/registered-parent/chat/'] },
  ];
  const chunks = new Map([
    ['/assets/index.js', ['node_modules/react/index.js', 'src/app/landing-page.tsx']],
    ['/assets/reschedule.js', ['node_modules/react-day-picker/dist/index.js', 'node_modules/date-fns/format.js']],
    ['/assets/chat.js', ['src/features/registered-parent/chat/chat-page.tsx']],
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
    [['src/features/registered-parent/chat/'], []],
  ])('finds the files holding %j', (modules, files) => {
    expect(filesHolding(chunks, { name: 'rule', modules })).toEqual(files);
  });
});
