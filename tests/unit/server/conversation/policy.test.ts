import { describe, expect, it } from 'vitest';
import {
  bearerToken,
  CODE_LIMITS,
  makeCode,
  newToken,
  nextCursor,
  rateVerdict,
  readCursor,
  tokenHash,
  triesLeft,
} from '../../../../server/conversation/policy.ts';
import { hashSecret, verifySecret } from '../../../../server/conversation/secrets.ts';
import { codeText } from '../../../../server/conversation/code-text.ts';
import { TEST_SECRET_COST } from '../../../support/test-portal.ts';
import { isCodeFormat } from '../../../../src/shared/rules/code.ts';

const at = (iso: string) => new Date(iso);

describe('codes', () => {
  it.each([
    [0, '000000'],
    [42, '000042'],
    [999_999, '999999'],
  ])('makes six digits, leading zeros kept (%i)', (drawn, code) => {
    expect(makeCode(() => drawn)).toBe(code);
    expect(isCodeFormat(code)).toBe(true);
  });

  it('draws from the whole million', () => {
    const seen: number[] = [];
    makeCode((max) => (seen.push(max), 0));
    expect(seen).toEqual([1_000_000]);
  });

  it.each(['12345', '1234567', '12 456', '١٢٣٤٥٦', 'abcdef', ' 123456', ''])('refuses %j as a code', (text) => {
    expect(isCodeFormat(text)).toBe(false);
  });

  it.each([
    [1, 1, 4, false],
    [4, 4, 1, false],
    [5, 5, 0, false],
    [7, 7, 0, false],
    [1, 7, 3, false],
    [2, 9, 1, false],
    [1, 10, 0, true],
    [3, 12, 0, true],
  ])('after %i tries from this address and %i in all, %i are left (over for everyone: %s)', (here, all, left, ends) => {
    expect(triesLeft(here, all)).toEqual({ left, endsForAll: ends });
  });

  it('is stored as a salted scrypt hash that only the same code matches', async () => {
    const hash = await hashSecret('123456', TEST_SECRET_COST);
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(hash).not.toContain('123456');
    expect(await hashSecret('123456', TEST_SECRET_COST)).not.toBe(hash);
    expect(await verifySecret('123456', hash)).toBe(true);
    expect(await verifySecret('123457', hash)).toBe(false);
    expect(await verifySecret('123456', 'sha256$abc')).toBe(false);
  });

  it('goes out in the parent’s language, its last line in the Web OTP format', () => {
    expect(codeText('042917', 'en', 'portal.example.org').split('\n')).toEqual([
      'Your Thrive portal code is 042917. It works for 10 minutes. Do not share it with anyone.',
      '',
      '@portal.example.org #042917',
    ]);
    const hindi = codeText('042917', 'hi', 'portal.example.org').split('\n');
    expect(hindi[0]).toMatch(/^आपका Thrive पोर्टल कोड 042917 है/);
    expect(hindi.at(-1)).toBe('@portal.example.org #042917');
  });
});

describe('the limits on asking for codes', () => {
  const perNumber = CODE_LIMITS.perNumber;
  const now = at('2026-11-25T10:00:00Z');

  it('allows 3 codes per number in 15 minutes, then says when the oldest leaves the window', () => {
    const two = ['2026-11-25T09:50:00Z', '2026-11-25T09:55:00Z'];
    expect(rateVerdict(two, perNumber, now)).toEqual({ allowed: true });
    expect(rateVerdict([...two, '2026-11-25T09:59:00Z'], perNumber, now)).toEqual({
      allowed: false,
      retryAfterSeconds: 300,
    });
  });

  it('forgets requests older than the window', () => {
    const old = ['2026-11-25T09:40:00Z', '2026-11-25T09:44:59Z', '2026-11-25T09:59:00Z'];
    expect(rateVerdict(old, perNumber, now)).toEqual({ allowed: true });
  });

  it('allows 10 per address in an hour', () => {
    const nine = Array.from({ length: 9 }, (_, i) => `2026-11-25T09:${String(10 + i).padStart(2, '0')}:00Z`);
    expect(rateVerdict(nine, CODE_LIMITS.perAddress, now).allowed).toBe(true);
    expect(rateVerdict([...nine, '2026-11-25T09:30:00Z'], CODE_LIMITS.perAddress, now)).toEqual({
      allowed: false,
      retryAfterSeconds: 10 * 60,
    });
  });
});

describe('tokens', () => {
  it('are 256 random bits in base64url, stored as their SHA-256', () => {
    const tokens = new Set(Array.from({ length: 100 }, newToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [one = ''] = tokens;
    expect(tokenHash(one)).toMatch(/^[0-9a-f]{64}$/);
    expect(tokenHash(one)).not.toContain(one);
  });

  it.each([
    ['Bearer abc_DEF-123', 'abc_DEF-123'],
    ['bearer abc', 'abc'],
    ['Bearer  abc== ', 'abc=='],
    ['Basic abc', undefined],
    ['Bearer', undefined],
    ['Bearer a b', undefined],
    [`Bearer ${'a'.repeat(201)}`, undefined],
    [undefined, undefined],
  ])('reads the token of %j', (header, token) => {
    expect(bearerToken(header)).toBe(token);
  });
});

describe('the thread cursor', () => {
  it.each([
    [undefined, 0],
    ['0', 0],
    ['41', 41],
    ['999999999999999', 999_999_999_999_999],
    ['041', undefined],
    ['-1', undefined],
    ['1e3', undefined],
    ['abc', undefined],
    ['9999999999999999', undefined],
  ])('reads %j as %j', (after, id) => {
    expect(readCursor(after)).toBe(id);
  });

  it('moves to the last message given, and stays when nothing is new', () => {
    expect(nextCursor(3, [4, 9, 12])).toBe('12');
    expect(nextCursor(12, [])).toBe('12');
    expect(nextCursor(0, [])).toBe('0');
  });
});
