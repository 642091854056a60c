import { describe, expect, it } from 'vitest';
import { staffTextProblem } from '../../../../src/shared/rules/staff-text.ts';

describe('what staff write for a parent to read', () => {
  it.each([
    ['plain text', 'No facilitator is free that week', undefined],
    ['Hindi with a zero-width joiner', 'उस हफ़्ते कोई फ़ैसिलिटेटर\u200d ख़ाली नहीं है', undefined],
    ['right-to-left words', 'Closed for عيد', undefined],
    ['a left-to-right mark, which only hints', 'Room 4\u200e', undefined],
    ['line breaks', 'Away that week.\nBack on Monday.\r\n', undefined],
    ['a tab', 'Away\tthat week', 'control'],
    ['an escape sequence', 'Away\u001b[2J', 'control'],
    ['a right-to-left override', 'Closed \u202Egnp.exe', 'direction'],
    ['a left-to-right embedding', 'Closed \u202Aweek', 'direction'],
    ['a first-strong isolate', 'Closed \u2068week\u2069', 'direction'],
    ['a pop directional formatting alone', 'Closed\u202C', 'direction'],
  ] as const)('%s: %s', (_case, text, problem) => {
    expect(staffTextProblem(text)).toBe(problem);
  });
});
