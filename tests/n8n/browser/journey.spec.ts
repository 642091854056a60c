import { createHash } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { answerText } from '../../../server/contract/texts.ts';
import { restOfWeek } from '../../../src/shared/schedule/rest-of-week.ts';
import { readRosterFile } from '../../../server/roster/roster-file.ts';
import { weekdayNumber } from '../../../src/shared/schedule/weekdays.ts';
import { parseSchedule } from '../../../src/shared/schedule/parser.ts';
import { sessionWhen } from '../../../src/features/schedule/session-when.ts';
import { PNG } from '../../support/stored-requests.ts';
import { slackRecorded, recordRequestIds, rows, storedCounts, WEBHOOK_URL, watchProblems } from './harness-env.ts';

/**
 * The portal built with VITE_WEBHOOK_URL pointing at n8n, served by the
 * reference server (whose CSP lets the page reach n8n's origin), and every
 * request answered by the workflow across origins (n8n's CORS answer).
 */
const SEED_ROSTER = new URL('../../../server/roster.seed.json', import.meta.url).pathname;
const ASHA = { name: 'Asha Verma', number: '9876543210' };

/** What the workflow must answer now for Asha, from the seed roster, as the reference server would. */
function expectedSessions() {
  const roster = readRosterFile(SEED_ROSTER);
  const names = new Map(roster.facilitators.map((f) => [f.id, f.name]));
  const asha = roster.parents.find((p) => p.name === ASHA.name);
  const sessions = (asha?.sessions ?? []).map((s) => ({
    weekday: weekdayNumber(s.day),
    time: s.time,
    facilitator: names.get(s.facilitator) ?? '',
  }));
  return parseSchedule(restOfWeek(sessions, new Date()));
}

test('Asha signs in, fetches her schedule and sends her facilitator a photo, through n8n', async ({ page }) => {
  const problems = watchProblems(page);
  const ids = recordRequestIds(page);
  const csp = (await page.goto('/registered-parent'))?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain(`connect-src 'self' ${new URL(WEBHOOK_URL).origin}`);
  await page.getByLabel('Name').fill(ASHA.name);
  await page.getByLabel('Phone Number').fill(ASHA.number);
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('link', { name: /Know your schedule/ }).click();
  await page.getByRole('button', { name: 'Fetch My Schedule' }).click();
  const expected = expectedSessions();
  if (expected.length === 0) {
    await expect(page.getByText('No sessions found for the rest of this week.', { exact: true })).toBeVisible();
  } else {
    const items = page.getByRole('list', { name: 'Sessions this week' }).getByRole('listitem');
    await expect(items).toHaveCount(expected.length);
    const [first] = expected;
    if (first?.kind !== 'session') throw new Error('the roster gave a line that is not a session');
    // The page does not show the workflow's English line as it is: it writes the day and time again in its own
    // formats (sessionWhen), so the test expects those.
    const when = sessionWhen(first, Date.now(), new Date(), 'en');
    await expect(items.first()).toContainText(when.day);
    await expect(items.first()).toContainText(when.time);
    await expect(items.first()).toContainText(first.facilitator);
  }

  await page.goto('/registered-parent/chat');
  await page.getByLabel('Message', { exact: true }).fill('Here is her drawing, sent through n8n');
  await page.getByLabel('Add Files').setInputFiles({ name: 'drawing.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Send Message' }).click();
  const sent = page.getByRole('status').filter({ has: page.getByRole('heading', { name: '✓ Sent!' }) });
  // A chat takes n8n a dozen nodes and two HTTP posts: give it more than the reference server needs.
  await expect(sent).toContainText('#facilitator-priya-sharma', { timeout: 30_000 });
  await expect(sent).toContainText(answerText('en', 'chatReachedWithAttachment', { facilitator: 'Priya Sharma' }));

  expect(storedCounts(ids)).toEqual([1, 1]);
  const chatId = ids.at(-1)?.toLowerCase() ?? '';
  const [posted] = rows<{ slack_ts: string }>("SELECT slack_ts FROM thrive.messages WHERE request_id = :'id'", {
    id: chatId,
  });
  const { messages, files } = await slackRecorded();
  expect(messages.filter((m) => m.ts === posted?.slack_ts)).toEqual([
    expect.objectContaining({
      channel: '#facilitator-priya-sharma',
      text: `Message from ${ASHA.name} (${ASHA.number}):\nHere is her drawing, sent through n8n\n(1 attachment follows in the thread)`,
    }),
  ]);
  expect(files.filter((f) => f.threadTs === posted?.slack_ts)).toEqual([
    expect.objectContaining({
      title: 'drawing.png',
      size: PNG.length,
      sha256: createHash('sha256').update(PNG).digest('hex'),
    }),
  ]);
  expect(problems).toEqual([]);
});

test('a visitor books a consultation through n8n, and it is stored once with every field', async ({ page }) => {
  const problems = watchProblems(page);
  const ids = recordRequestIds(page);
  await page.goto('/new-to-thrive/book-consult');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ravi Kumar');
  await page.getByRole('textbox', { name: 'Phone Number', exact: true }).fill('9123456780');
  await page.getByRole('textbox', { name: 'Preferred Days/Times (Optional)' }).fill('Weekday evenings');
  await page.getByRole('textbox', { name: 'Message (Optional)' }).fill('My son is 7');
  await page.getByRole('button', { name: 'Book Consultation' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Success!' })).toContainText(
    answerText('en', 'consultSavedPreferred', {
      name: 'Ravi Kumar',
      number: '9123456780',
      preferred: 'Weekday evenings',
    }),
  );
  expect(storedCounts(ids)).toEqual([1]);
  const stored = rows(
    "SELECT action, user_name, message, preferred_times FROM thrive.requests WHERE request_id = lower(:'id')",
    { id: ids[0] ?? '' },
  );
  expect(stored).toEqual([
    { action: 'book_consult', user_name: 'Ravi Kumar', message: 'My son is 7', preferred_times: 'Weekday evenings' },
  ]);
  expect(problems).toEqual([]);
});
