import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from './chromium.ts';

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

/** Whether fontconfig knows a font that draws Hindi. */
function hasDevanagariFont(): boolean {
  try {
    return execFileSync('fc-list', [':lang=hi', 'family'], { encoding: 'utf8' }).trim() !== '';
  } catch {
    return false;
  }
}

/**
 * The Hindi screens are measured for sideways overflow at 360 px and looked
 * at in screenshots: that needs the font Android draws Devanagari with (Noto
 * Sans Devanagari), not empty boxes of another width. Installed like
 * Chromium; without it the tests still run, with a warning.
 */
export function ensureDevanagariFont(): void {
  if (hasDevanagariFont()) return;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('No Devanagari font found: installing fonts-noto-core with apt-get…');
    try {
      execFileSync('apt-get', ['install', '-y', '-qq', 'fonts-noto-core'], { stdio: 'inherit' });
    } catch {
      // Reported below.
    }
    if (hasDevanagariFont()) return;
  }
  console.warn(
    'No Devanagari font: the Hindi screens are measured with placeholder glyphs. ' +
      'Install one with: sudo apt-get install -y fonts-noto-core',
  );
}
