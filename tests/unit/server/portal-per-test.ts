/** The server suites' common set-up (not a test file: vitest only collects *.test.ts). */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startCodeRecorder, type CodeRecorder } from '../../support/code-recorder.ts';
import { startTestPortal, type PortalSeams, type TestPortal } from '../../support/test-portal.ts';

export interface PortalAndCodes {
  p: TestPortal;
  codes: CodeRecorder;
}

/**
 * A fresh portal for every test, its sign-in codes going to one recorder for
 * the file (emptied before each test), with a code gateway and PORTAL_HOST
 * set as production requires, and the seams given. `take` gets each test's pair before it runs.
 */
export function portalPerTest(
  take: (current: PortalAndCodes) => void,
  env: Record<string, string> = {},
  seams: PortalSeams = {},
): void {
  let codes: CodeRecorder;
  let p: TestPortal;
  beforeAll(async () => {
    codes = await startCodeRecorder();
  });
  afterAll(async () => {
    await codes.close();
  });
  beforeEach(async () => {
    codes.reset();
    p = await startTestPortal({ CODE_WEBHOOK_URL: codes.url, PORTAL_HOST: 'portal.thrive.example', ...env }, seams);
    take({ p, codes });
  });
  afterEach(async () => {
    await p.dispose();
  });
}
