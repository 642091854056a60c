import { describe, expect, it } from 'vitest';
import type { User } from '../../../../src/shared/webhook/types.ts';
import type { CodeRecorder } from '../../../support/code-recorder.ts';
import { TEST_PARENT } from '../../../support/envelopes.ts';
import type { TestPortal } from '../../../support/test-portal.ts';
import { portalPerTest } from '../portal-per-test.ts';

/**
 * Wrong codes are counted per address as well as per code: a stranger who
 * knows a parent's number cannot end the code the parent was sent, and a
 * code works only for the name and number it was sent for.
 */
let codes: CodeRecorder;
let p: TestPortal;
portalPerTest((current) => ({ p, codes } = current));

const TEST_KEY = '+919000000001';
const PARENTS_HOME = '198.51.100.7';
const STRANGER = '203.0.113.66';

const verify = async (user: User, code: string, remoteAddress: string) => {
  const response = await p.post({ action: 'verify_code', user, payload: { code } }, { remoteAddress });
  return `${response.statusCode} ${response.body.startsWith('{') ? 'token' : response.body}`;
};

async function sentCode(): Promise<{ code: string; wrong: string }> {
  const asked = await p.post({ action: 'request_code', user: TEST_PARENT }, { remoteAddress: PARENTS_HOME });
  expect(asked.statusCode).toBe(200);
  const { code } = await codes.nextCode(TEST_KEY);
  return { code, wrong: code === '000000' ? '000001' : '000000' };
}

describe('verify_code', () => {
  it('lets a stranger’s 5 wrong codes end the code for the stranger’s address only', async () => {
    const { code, wrong } = await sentCode();
    const stranger = [];
    for (let i = 0; i < 6; i += 1) stranger.push(await verify(TEST_PARENT, wrong, STRANGER));
    expect(stranger).toEqual([
      '401 This code is not right. 4 tries left.',
      '401 This code is not right. 3 tries left.',
      '401 This code is not right. 2 tries left.',
      '401 This code is not right. 1 try left.',
      '410 That was the 5th wrong code, so this code no longer works. Ask for a new code.',
      '410 That was the 5th wrong code, so this code no longer works. Ask for a new code.',
    ]);
    // Even the right code does not work from the stranger's address now; from the parent's it does.
    expect(await verify(TEST_PARENT, code, STRANGER)).toMatch(/^410 /);
    expect(await verify(TEST_PARENT, code, PARENTS_HOME)).toBe('200 token');
  });

  it('ends the code for everyone at the 10th wrong try in all, from any addresses', async () => {
    const { code, wrong } = await sentCode();
    const answers = [];
    for (const address of ['203.0.113.1', '203.0.113.2']) {
      for (let i = 0; i < 5; i += 1) answers.push((await verify(TEST_PARENT, wrong, address)).slice(0, 3));
    }
    expect(answers).toEqual(['401', '401', '401', '401', '410', '401', '401', '401', '401', '410']);
    expect(p.count('SELECT count(*) FROM sign_in_codes')).toBe(0);
    expect(await verify(TEST_PARENT, code, PARENTS_HOME)).toMatch(/^410 No code is waiting/);
  });

  it('tells as many tries left as the fewer of the address’s and the code’s', async () => {
    const { wrong } = await sentCode();
    for (let i = 0; i < 4; i += 1) await verify(TEST_PARENT, wrong, '203.0.113.1');
    expect(await verify(TEST_PARENT, wrong, '203.0.113.2')).toBe('401 This code is not right. 4 tries left.');
    expect(await verify(TEST_PARENT, wrong, '203.0.113.3')).toBe('401 This code is not right. 4 tries left.');
    expect(await verify(TEST_PARENT, wrong, '203.0.113.4')).toBe('401 This code is not right. 3 tries left.');
  });

  it('checks the code against the name it was sent for as well as the number', async () => {
    const { code } = await sentCode();
    for (const name of ['Someone Else', 'Test Parents']) {
      expect(await verify({ name, number: TEST_PARENT.number }, code, STRANGER)).toBe(
        '410 No code is waiting for this number: it expired after 10 minutes, was used, or was tried 5 times. Ask for a new code.',
      );
    }
    // The sign-in rule for names: letter case and spaces do not matter.
    expect(await verify({ name: '  test   PARENT ', number: '9000000001' }, code, PARENTS_HOME)).toBe('200 token');
  });

  it('limits one address to 30 tries an hour, whatever the numbers', async () => {
    const addParent = p.db.prepare("INSERT INTO parents (number, name, facilitator_id) VALUES (?, ?, 'meera-nair')");
    const parents = Array.from({ length: 7 }, (_, i) => ({ name: `Parent ${i}`, number: `+91800000001${i}` }));
    for (const parent of parents) addParent.run(parent.number, parent.name);
    const answers = [];
    for (const parent of parents) {
      for (let i = 0; i < 5; i += 1) answers.push((await verify(parent, '123456', STRANGER)).slice(0, 3));
    }
    expect(answers.filter((status) => status === '410')).toHaveLength(30);
    expect(answers.slice(30)).toEqual(['429', '429', '429', '429', '429']);
    const refused = await p.post(
      { action: 'verify_code', user: TEST_PARENT, payload: { code: '123456' }, language: 'hi' },
      { remoteAddress: STRANGER },
    );
    expect([refused.statusCode, refused.body]).toEqual([
      429,
      'इस नेटवर्क से बहुत सारे गलत कोड लिखे गए। कृपया एक घंटा रुककर फिर कोशिश करें।',
    ]);
    expect(Number(refused.headers['retry-after'])).toBe(60 * 60);
    // The parent's own address is not held back.
    const { code } = await sentCode();
    expect(await verify(TEST_PARENT, code, PARENTS_HOME)).toBe('200 token');
  });
});
