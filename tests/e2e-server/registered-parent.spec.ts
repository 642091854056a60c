import { restOfWeek } from '../../src/shared/schedule/rest-of-week.ts';
import { formatDayKey, toIstIso } from '../../src/shared/format/ist.ts';
import { sessionWhen } from '../../src/features/schedule/session-when.ts';
import { parseSchedule } from '../../src/shared/schedule/parser.ts';
import { calendarDayName, clearOfClockEdges, expect, test, testParentSessions } from './fixtures.ts';
import { PNG, recordRequestIds, storedCounts } from '../support/stored-requests.ts';

/** What the server must answer now for the test parent, computed from the test roster. */
function expectedSessions() {
  return parseSchedule(restOfWeek(testParentSessions(), new Date()));
}

test('a registered parent signs in, sees the real schedule, reschedules and chats; each lands once', async ({
  page,
  portal,
}) => {
  await clearOfClockEdges();
  const ids = recordRequestIds(page);
  await page.goto('/registered-parent');
  await page.getByLabel('Name').fill('Test Parent');
  await page.getByLabel('Phone Number').fill('9000000001');
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('link', { name: /Know your schedule/ }).click();
  await page.getByRole('button', { name: 'Fetch My Schedule' }).click();
  const expected = expectedSessions();
  if (expected.length === 0) {
    await expect(page.getByText('No sessions found for the rest of this week.', { exact: true })).toBeVisible();
  } else {
    const items = page.getByRole('list', { name: 'Sessions this week' }).getByRole('listitem');
    await expect(items).toHaveCount(expected.length);
    const first = expected[0];
    if (first?.kind !== 'session') throw new Error('the server answered a line that is not a session');
    // The screen writes the server's line again, in one format: what sessionWhen makes of it.
    const when = sessionWhen(first, Date.now(), new Date(), 'en');
    expect(when.date && when.clock, `the server's line reads: ${first.day}: ${first.time}`).toBeTruthy();
    await expect(items.first()).toContainText(when.day);
    await expect(items.first()).toContainText(when.time);
    await expect(items.first()).toContainText(first.facilitator);
  }

  await page.goto('/registered-parent/reschedule');
  await page
    .getByRole('grid')
    .getByRole('button', { name: calendarDayName(toIstIso(new Date()).slice(0, 10)) })
    .click();
  await page.getByRole('button', { name: 'Submit Request' }).click();
  const today = formatDayKey(toIstIso(new Date()).slice(0, 10));
  await expect(page.getByRole('status').filter({ hasText: 'Success!' })).toContainText(
    `Your reschedule request for ${today} is saved for the programme team. They will contact you about a new time.`,
  );

  await page.goto('/registered-parent/chat');
  await page.getByLabel('Message', { exact: true }).fill('Here is her drawing');
  await page.getByLabel('Add Files').setInputFiles({ name: 'drawing.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Send Message' }).click();
  const sent = page.getByRole('status').filter({ has: page.getByRole('heading', { name: '✓ Sent!' }) });
  await expect(sent).toContainText('#facilitator-meera-nair');
  await expect(sent).toContainText('Your message and 1 attachment reached Meera Nair.');

  const unique = [...new Set(ids)];
  expect(unique).toHaveLength(3);
  expect(Object.values(storedCounts(portal, ids))).toEqual([1, 1, 1]);
  const [file] = portal.query<{ filename: string; content: Buffer }>(
    `SELECT a.filename, b.content FROM attachments a JOIN blobs b USING (sha256) WHERE a.request_id IN (${unique
      .map(() => '?')
      .join(',')})`,
    ...unique,
  );
  expect(file?.filename).toBe('drawing.png');
  expect(Buffer.compare(file?.content ?? Buffer.alloc(0), PNG)).toBe(0);
});

test('a parent not on the roster sees the generic refusal in the error box, and nothing is stored', async ({
  page,
  portal,
}) => {
  const ids = recordRequestIds(page);
  await page.goto('/registered-parent');
  await page.getByLabel('Name').fill('Someone Else');
  await page.getByLabel('Phone Number').fill('9999999999');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('link', { name: /Know your schedule/ }).click();
  await page.getByRole('button', { name: 'Fetch My Schedule' }).click();
  const alert = page.getByRole('alert');
  await expect(alert.getByRole('heading', { name: 'Error' })).toBeVisible();
  await expect(alert).toContainText(
    'No schedule is available for these details. Please check them, or contact the programme team.',
  );
  expect(storedCounts(portal, ids)).toEqual({});
});
