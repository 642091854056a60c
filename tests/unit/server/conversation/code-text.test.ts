import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { codeText } from '../../../../server/conversation/code-text.ts';
import { startCodeRecorder, type CodeRecorder } from '../../../support/code-recorder.ts';
import { TEST_PARENT } from '../../../support/envelopes.ts';
import { startTestPortal, type TestPortal } from '../../../support/test-portal.ts';

/**
 * The code message's last line, `@host #code`, lets Android Chrome fill the
 * code in on that host only. Its host is PORTAL_HOST, never a request's
 * Host or X-Forwarded-Host: a forged one would bind the code to any site.
 */
describe('the code message', () => {
  it('ends with the Web OTP line for PORTAL_HOST', () => {
    expect(codeText('042917', 'en', 'portal.thrive.example').split('\n')).toEqual([
      'Your Thrive portal code is 042917. It works for 10 minutes. Do not share it with anyone.',
      '',
      '@portal.thrive.example #042917',
    ]);
  });

  it('leaves the Web OTP line out without PORTAL_HOST (the demo mode)', () => {
    expect(codeText('042917', 'hi', undefined)).toBe(
      'आपका Thrive पोर्टल कोड 042917 है। यह 10 मिनट तक काम करेगा। इसे किसी को न बताएँ।',
    );
  });
});

describe('a code sent through the gateway', () => {
  let codes: CodeRecorder;
  let p: TestPortal;
  beforeEach(async () => {
    codes = await startCodeRecorder();
    p = await startTestPortal({ CODE_WEBHOOK_URL: codes.url, PORTAL_HOST: 'portal.thrive.example', TRUST_PROXY: '1' });
  });
  afterEach(async () => {
    await p.dispose();
    await codes.close();
  });

  it('names PORTAL_HOST whatever host the request names, directly or through the proxy', async () => {
    const asked = await p.post(
      { action: 'request_code', user: TEST_PARENT },
      {
        headers: { 'content-type': 'application/json', host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      },
    );
    expect(asked.statusCode).toBe(200);
    const sent = await codes.nextCode('+919000000001');
    expect(sent.text.split('\n').at(-1)).toBe(`@portal.thrive.example #${sent.code}`);
    expect(sent.text).not.toContain('evil');
  });
});
