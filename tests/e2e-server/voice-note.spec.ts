import { expectNoAxeViolations } from '../support/axe.ts';
import { expect, signInOnForm, signInToStaff, SPEC_PARENTS, test } from './fixtures.ts';

// The microphone is a WAV every test browser is launched with (playwright.config.ts).

const PARENT = SPEC_PARENTS.voiceNoter;

test('a voice note recorded on the real server reaches /staff, where it plays with its length', async ({
  browser,
  page,
  portal,
}) => {
  // The reference server's own headers: its Permissions-Policy must let the page use the microphone.
  await signInOnForm(page, PARENT);
  await page.getByRole('link', { name: /Chat with your facilitator/ }).click();
  const mic = page.getByRole('button', { name: 'Record Voice Note' });
  await mic.click();
  await expect(page.getByText('0:02', { exact: true })).toBeVisible();
  await mic.click();
  await expect(page.getByRole('list', { name: 'Attached files' })).toContainText(/voice-note-0-0[2-3]\.webm/);
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('heading', { name: '✓ Sent!' })).toBeVisible();

  const staffContext = await browser.newContext({ baseURL: portal.url });
  const staff = await staffContext.newPage();
  const refused: string[] = [];
  staff.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await signInToStaff(staff);
  await staff.getByRole('link', { name: PARENT.name, exact: true }).click();
  await expect(staff.getByText('Voice note', { exact: true })).toBeVisible();
  const player = staff.getByLabel(/^Voice note, 0:0[2-3]$/);
  await expect(player).toBeVisible();
  // Loaded as a person pressing Play would: the page's CSP lets it fetch its own media, and the bytes are audio.
  const loaded = await player.evaluate(
    (audio: HTMLAudioElement) =>
      new Promise<string>((resolve) => {
        audio.addEventListener('loadedmetadata', () => resolve('loaded'), { once: true });
        audio.addEventListener('error', () => resolve(`error ${audio.error?.code ?? ''}`), { once: true });
        audio.preload = 'auto';
        audio.load();
      }),
  );
  expect(loaded).toBe('loaded');
  expect(refused).toEqual([]);
  await expectNoAxeViolations(staff, 'a conversation with a voice note in /staff');
  await staffContext.close();
});
