import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from '../tests/support/chromium.ts';

/**
 * The browser tests drive Debian's Chromium. On a fresh machine, install it
 * when we can (root with apt); otherwise say exactly what to install.
 */
export function ensureChromium(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  const canApt = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (canApt) {
    console.log(`Chromium not found at ${CHROMIUM_PATH}: installing it with apt-get…`);
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
      execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit' });
    } catch {
      // Reported below with the manual step.
    }
    if (existsSync(CHROMIUM_PATH)) return true;
  }
  console.error(
    `Chromium is needed for the browser tests and was not found at ${CHROMIUM_PATH}.\n` +
      `Install it with: sudo apt-get install -y chromium\n` +
      `or point CHROMIUM_PATH at an existing Chromium or Chrome binary.`,
  );
  return false;
}
