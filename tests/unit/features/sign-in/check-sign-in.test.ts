import { describe, expect, it } from 'vitest';
import {
  checkSignIn,
  fieldErrors,
  signInProblemHolds,
  type SignInProblem,
} from '../../../../src/features/sign-in/check-sign-in.ts';

describe('checkSignIn', () => {
  it.each([
    ['', '', 'required'],
    ['Asha', '', 'required'],
    ['', '9876543210', 'required'],
    ['   ', '9876543210', 'required'],
    ['Asha', '   ', 'required'],
    ['Asha', '12345', 'phone'],
    ['Asha', '5876543210', 'phone'],
    ['Asha', '+0123456', 'phone'],
    ['Asha', '98765 43210', 'phone'],
    ['Asha\tVerma', '9876543210', 'name'],
    ['Asha\nVerma', '9876543210', 'name'],
    ['Asha\u001b[2J', '9876543210', 'name'],
    ['Asha\u0085', '9876543210', 'name'],
    ['Mal\u202EGNP.exe', '9876543210', 'name'],
    ['Asha\u2067Verma', '9876543210', 'name'],
    ['Asha ', '9876543210', null],
    ['Asha', '9876543210', null],
    ['Asha', ' 9876543210 ', null],
    ['  Asha  ', '+447700900123', null],
  ])('name %j with phone %j → %s', (name, number, expected) => {
    expect(checkSignIn(name, number)).toBe(expected);
  });

  it('asks for the missing field before judging the phone', () => {
    expect(checkSignIn('', 'not a phone')).toBe('required');
  });
});

describe('signInProblemHolds', () => {
  it.each<[SignInProblem, string, string, boolean]>([
    ['phone', 'Asha', '12345', true],
    ['phone', 'Asha', '9876543210', false],
    // The phone toast is about the phone: emptying the name does not make it right or wrong.
    ['phone', '', '9876543210', false],
    ['required', 'Asha', '', true],
    ['required', 'Asha', '12345', false],
    ['name', 'Asha\tVerma', '', true],
    ['name', 'Asha Verma', '', false],
  ])('%s with name %j and phone %j holds: %s', (problem, name, number, holds) => {
    expect(signInProblemHolds(problem, name, number)).toBe(holds);
  });
});

describe('fieldErrors', () => {
  it.each([
    ['required, both empty', 'required', ' ', '', { name: 'R', number: 'R' }],
    ['required, the name given', 'required', 'Asha', '', { name: undefined, number: 'R' }],
    ['required, the number given', 'required', '', '98765', { name: 'R', number: undefined }],
    ['a bad name', 'name', 'A\tsha', '9876543210', { name: 'R' }],
    ['a bad number', 'phone', 'Asha', '123', { number: 'R' }],
  ] as const)('puts %s under its field', (_case, problem, name, number, expected) => {
    expect(fieldErrors(problem, 'R', name, number)).toEqual(expected);
  });

  it('puts nothing anywhere once no problem holds', () => {
    expect(fieldErrors(undefined, undefined, '', '')).toEqual({});
  });
});
