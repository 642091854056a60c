import { describe, expect, it } from 'vitest';
import { canonical } from '../../../../src/shared/webhook/canonical.ts';

describe('canonical, the text a request is fingerprinted by', () => {
  it.each([
    [
      'keys in sorted order, at every depth',
      { b: 1, a: { d: [2, { f: 3, e: 4 }], c: 'x' } },
      '{"a":{"c":"x","d":[2,{"e":4,"f":3}]},"b":1}',
    ],
    ['an undefined field left out, a null kept', { a: undefined, b: null }, '{"b":null}'],
    ['keys sorted by code unit, not by locale', { b: 1, B: 2, é: 3 }, '{"B":2,"b":1,"é":3}'],
    ['a value as JSON writes it', ['a"b', 1.5, true], '["a\\"b",1.5,true]'],
  ])('writes %s', (_case, value, text) => {
    expect(canonical(value)).toBe(text);
  });

  it('reads the same whatever order the fields came in', () => {
    expect(canonical({ action: 'x', user: { number: '1', name: 'A' } })).toBe(
      canonical({ user: { name: 'A', number: '1' }, action: 'x' }),
    );
  });
});
