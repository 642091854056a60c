import { chromium, type BrowserContext } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../bench/chromium.ts';

export interface PersistentBrowser {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * A Chromium with a real (temporary) profile. Ordinary test contexts are
 * incognito, where Chromium never offers to install an app: its installability
 * check and `beforeinstallprompt` need this instead.
 */
export async function launchPersistentBrowser(): Promise<PersistentBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'thrive-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    viewport: { width: 390, height: 844 },
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
