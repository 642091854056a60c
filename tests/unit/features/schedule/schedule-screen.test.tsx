import { screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { ASHA, IST_TIMESTAMP, UUID_V4 } from '../../../support/people.ts';
import { findToast, isDisabled, renderApp } from '../../../support/screen/render-app.tsx';

const WEEK = [
  'Monday: 4:00 PM - 5:00 PM with Ms. Rao',
  'Wednesday: 10:00 AM with Mr. Iyer',
  'Bring your crayons!',
].join('\n');

const sessions = () => screen.findByRole('list', { name: 'Sessions this week' });

test('starts with only the fetch button, and its way back to the menu', async () => {
  const app = renderApp('/registered-parent/schedule', { user: ASHA });
  expect(await screen.findByRole('heading', { level: 1, name: 'Your Schedule' })).toBeTruthy();
  expect(screen.getByText('View your upcoming sessions for this week', { exact: true })).toBeTruthy();
  expect(isDisabled(screen.getByRole('button', { name: 'Fetch My Schedule' }))).toBe(false);
  expect(within(screen.getByRole('main')).queryAllByRole('list')).toHaveLength(0);
  expect(screen.queryAllByRole('alert')).toHaveLength(0);
  await app.user.click(screen.getByRole('link', { name: 'Back to Menu' }));
  await waitFor(() => expect(app.path()).toBe('/registered-parent/menu'));
});

test('sends know_schedule, shows a spinner while waiting, then lists the sessions', async () => {
  const app = renderApp('/registered-parent/schedule', { user: ASHA });
  const held = app.webhook.hold({ body: { schedule: WEEK } });
  const fetch = () => screen.getByRole('button', { name: 'Fetch My Schedule' });
  await app.user.click(await screen.findByRole('button', { name: 'Fetch My Schedule' }));
  await held.arrived;
  await waitFor(() => expect(isDisabled(fetch())).toBe(true));
  expect(fetch().querySelector('.spinner')).not.toBeNull();
  held.release();

  const items = within(await sessions()).getAllByRole('listitem');
  expect(items.map((item) => item.textContent)).toEqual([
    expect.stringMatching(/Monday.*4:00 PM – 5:00 PM.*with Ms\. Rao/),
    expect.stringMatching(/Wednesday.*10:00 AM.*with Mr\. Iyer/),
    'Bring your crayons!',
  ]);
  await findToast('success', 'Schedule retrieved successfully!');
  expect(isDisabled(screen.getByRole('button', { name: 'Refresh Schedule' }))).toBe(false);

  expect(app.webhook.requests).toHaveLength(1);
  const [request] = app.webhook.requests;
  expect(request?.headers['content-type']).toBe('application/json');
  const body = request?.body as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['action', 'language', 'payload', 'request_id', 'timestamp_ist', 'user']);
  expect(body).toMatchObject({ action: 'know_schedule', user: ASHA, payload: {}, language: 'en' });
  expect(body.timestamp_ist).toMatch(IST_TIMESTAMP);
  expect(body.request_id).toMatch(UUID_V4);
});

test.each([
  ['a plain text answer', WEEK],
  ['a list whose first item has Message', [{ Message: WEEK }]],
  ['an object with message', { message: WEEK }],
] as const)('reads the schedule from %s', async (_shape, body) => {
  const app = renderApp('/registered-parent/schedule', { user: ASHA });
  app.webhook.reply({ body });
  await app.user.click(await screen.findByRole('button', { name: 'Fetch My Schedule' }));
  expect(within(await sessions()).getAllByRole('listitem')).toHaveLength(3);
});
