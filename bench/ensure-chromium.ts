import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH, HEADLESS_SHELL_PATH } from './chromium.ts';

const canApt = () => process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');

function aptInstall(packages: string[]): void {
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: 'inherit' });
  } catch {
    // Reported by the caller, with the manual step.
  }
}

/**
 * The browser tests drive Debian's Chromium: the full browser, and its headless shell, which most specs run in
 * (bench/chromium.ts). On a fresh machine, install what is missing when we can (root with apt); otherwise say
 * exactly what to install. Without the shell the tests still run, in the full browser, with a warning.
 */
export function ensureChromium(): boolean {
  const missing = [
    ...(existsSync(CHROMIUM_PATH) ? [] : ['chromium']),
    ...(existsSync(HEADLESS_SHELL_PATH) ? [] : ['chromium-headless-shell']),
  ];
  if (missing.length > 0 && canApt()) {
    console.log(`Installing ${missing.join(' and ')} with apt-get…`);
    aptInstall(missing);
  }
  if (!existsSync(HEADLESS_SHELL_PATH)) {
    console.warn(
      `Chromium's headless shell was not found at ${HEADLESS_SHELL_PATH}: the browser tests run in the full ` +
        `Chromium, at about three times the CPU. Install it with: sudo apt-get install -y chromium-headless-shell`,
    );
  }
  if (existsSync(CHROMIUM_PATH)) return true;
  console.error(
    `Chromium is needed for the browser tests and was not found at ${CHROMIUM_PATH}.\n` +
      `Install it with: sudo apt-get install -y chromium chromium-headless-shell\n` +
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
  if (canApt()) {
    console.log('No Devanagari font found: installing fonts-noto-core with apt-get…');
    aptInstall(['fonts-noto-core']);
    if (hasDevanagariFont()) return;
  }
  console.warn(
    'No Devanagari font: the Hindi screens are measured with placeholder glyphs. ' +
      'Install one with: sudo apt-get install -y fonts-noto-core',
  );
}
