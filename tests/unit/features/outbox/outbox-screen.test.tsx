import { screen, waitFor, within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { withBlobAttachments } from '../../../../src/shared/outbox/wire.ts';
import { buildEnvelope } from '../../../../src/shared/webhook/envelope.ts';
import type { User } from '../../../../src/shared/webhook/types.ts';
import { ASHA, NOW } from '../../../support/people.ts';
import { appOutbox, saveOffline, useAppOutbox } from '../../../support/screen/outbox.ts';
import { findToast, isDisabled, renderApp } from '../../../support/screen/render-app.tsx';

useAppOutbox('/registered-parent/menu', '/registered-parent/outbox');

const DAY_MS = 24 * 60 * 60 * 1000;

const reschedule = (date: string, note?: string) =>
  buildEnvelope({ action: 'reschedule_single', user: ASHA, payload: { date }, note, language: 'en' });

const chat = (message: string, files: File[] = []) =>
  withBlobAttachments(
    buildEnvelope({ action: 'chat_facilitator', user: ASHA, payload: { message, attachments: [] }, language: 'en' }),
    files,
  );

const badge = () => screen.queryByRole('link', { name: /^\d+ waiting to send$/ });
const items = async () =>
  within(await screen.findByRole('list', { name: 'Requests waiting to send' })).getAllByRole('listitem');
const nothingWaits = () => screen.findByText('Nothing is waiting to send.', { exact: true });
/** The outbox screen's live region, where changes under the parent's eyes are announced. */
const announced = (text: string) =>
  waitFor(() => expect(screen.getAllByRole('status').map((region) => region.textContent)).toContain(text));

test('the menu counts the parent’s waiting requests as they are saved, and shows no count while none wait', async () => {
  renderApp('/registered-parent/menu', { user: ASHA });
  expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Asha Verma!' })).toBeTruthy();
  expect(badge()).toBeNull();

  await saveOffline(reschedule('2026-11-24', 'Travel'));
  await waitFor(() => expect(badge()?.textContent).toBe('1 waiting to send'));
  await saveOffline(chat('Please call me\nafter six'));
  await waitFor(() => expect(badge()?.textContent).toBe('2 waiting to send'));
});

test('lists the waiting requests oldest first: what each asks, when it was saved, where it stands', async () => {
  await saveOffline(
    reschedule('2026-11-24', 'Travel'),
    chat('Please call me\nafter six', [new File([new Uint8Array(64)], 'a.png', { type: 'image/png' })]),
  );
  const app = renderApp('/registered-parent/outbox', { user: ASHA });
  expect(await screen.findByRole('heading', { level: 1, name: 'Waiting to send' })).toBeTruthy();
  const [first, second, ...more] = await items();
  expect(more).toHaveLength(0);

  const rescheduled = within(first as HTMLElement);
  expect(rescheduled.getByRole('heading', { level: 3 }).textContent).toBe('Reschedule request');
  for (const text of [
    'Date: 24 Nov 2026',
    'Note: Travel',
    'Saved 23 Nov 2026, 10:00 AM',
    'Waiting to send',
    'Last error: No connection',
  ]) {
    expect(rescheduled.getByText(text, { exact: true })).toBeTruthy();
  }
  const message = within(second as HTMLElement);
  expect(message.getByRole('heading', { level: 3 }).textContent).toBe('Message to your facilitator');
  for (const text of ['Please call me after six', '1 file attached', 'Saved 23 Nov 2026, 10:00 AM']) {
    expect(message.getByText(text, { exact: true })).toBeTruthy();
  }
  expect(isDisabled(screen.getByRole('button', { name: 'Send Now' }))).toBe(false);

  await app.user.click(screen.getByRole('link', { name: 'Back to Menu' }));
  await waitFor(() => expect(badge()?.textContent).toBe('2 waiting to send'));
  expect(app.path()).toBe('/registered-parent/menu');
});

test.each<[string, User, number]>([
  ['another parent on the same phone sees none of it', { name: 'Ravi', number: '+447700900123' }, 0],
  ['the parent’s number typed with another name is another person', { name: 'Someone Else', number: '9876543210' }, 0],
  ['the parent, name and number spelt another way, finds both', { name: 'asha  verma', number: '+919876543210' }, 2],
])('%s', async (_case, user, count) => {
  await saveOffline(reschedule('2026-11-24'), chat('Please call me'));
  const menu = renderApp('/registered-parent/menu', { user });
  // An accessible name reads runs of spaces as one.
  const greeting = `Hello, ${user.name}!`.replace(/\s+/g, ' ');
  expect(await screen.findByRole('heading', { level: 1, name: greeting })).toBeTruthy();
  await waitFor(() => expect(badge()?.textContent ?? 'none').toBe(count ? `${count} waiting to send` : 'none'));
  menu.unmount();

  renderApp('/registered-parent/outbox', { user });
  if (count === 0) expect(await nothingWaits()).toBeTruthy();
  else expect(await items()).toHaveLength(count);
});

test('Discard asks first: Keep It keeps the request, Yes, Discard removes it and nothing is sent', async () => {
  await saveOffline(chat('Never mind'));
  const app = renderApp('/registered-parent/outbox', { user: ASHA });
  const [item] = await items();
  const card = within(item as HTMLElement);
  expect(item?.textContent).toContain('Never mind');

  // Keyboard only: Enter on the focused button, Tab to the next.
  card.getByRole('button', { name: 'Discard' }).focus();
  await app.user.keyboard('{Enter}');
  const question = card.getByRole('group', { name: 'Discard this request? It will never be sent.' });
  await waitFor(() => expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Keep It' })));
  await app.user.keyboard('{Enter}');
  expect(card.queryByRole('group')).toBeNull();
  await waitFor(() => expect(document.activeElement).toBe(card.getByRole('button', { name: 'Discard' })));
  expect(await appOutbox().list()).toHaveLength(1);

  await app.user.keyboard('{Enter}');
  const asked = card.getByRole('group', { name: 'Discard this request? It will never be sent.' });
  await waitFor(() => expect(document.activeElement).toBe(within(asked).getByRole('button', { name: 'Keep It' })));
  await app.user.tab();
  expect(document.activeElement).toBe(within(asked).getByRole('button', { name: 'Yes, Discard' }));
  await app.user.keyboard('{Enter}');
  expect(await nothingWaits()).toBeTruthy();
  await announced('Request discarded.');
  expect(await appOutbox().list()).toEqual([]);

  // The app opened again, and a pass of the outbox, as any trigger starts: nothing is sent.
  app.unmount();
  const again = renderApp('/registered-parent/outbox', { user: ASHA });
  expect(await nothingWaits()).toBeTruthy();
  await appOutbox().drain();
  expect(again.webhook.requests).toHaveLength(0);
  expect(app.webhook.requests).toHaveLength(0);
});

test('a refusal leaves the request Not accepted with the server’s words, waiting for the parent; Retry sends it', async () => {
  await saveOffline(reschedule('2026-11-25'));
  const app = renderApp('/registered-parent/outbox', { user: ASHA });
  const [item] = await items();
  const card = within(item as HTMLElement);

  app.webhook.reply({ status: 422, body: 'That date is already full' }).reply({ body: 'Booked' });
  await app.user.click(screen.getByRole('button', { name: 'Send Now' }));
  expect(await card.findByText('Not accepted', { exact: true })).toBeTruthy();
  expect(card.getByText('Last error: That date is already full', { exact: true })).toBeTruthy();
  await announced('Reschedule request was not accepted: That date is already full');
  await findToast(
    'error',
    'Your saved reschedule request was not accepted. Open Waiting to send to retry or discard it.',
  );
  // Refused requests wait for the parent, not for the network: nothing to send now, and nothing sent again.
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Send Now' })).toBeNull());
  await appOutbox().drain();
  expect(app.webhook.requests).toHaveLength(1);

  await app.user.click(card.getByRole('button', { name: 'Retry' }));
  await findToast('success', 'Your reschedule request was sent');
  expect(await nothingWaits()).toBeTruthy();
  const [refused, accepted, ...more] = app.webhook.requests;
  expect(more).toHaveLength(0);
  expect(accepted?.rawBody).toBe(refused?.rawBody);
});

test('a read mark of an update withdrawn while it waited leaves quietly; a request behind it is still sent', async () => {
  const seen = {
    action: 'mark_announcement_seen',
    user: ASHA,
    payload: { announcement_id: 'diwali-1' },
    timestamp_ist: NOW,
    request_id: crypto.randomUUID(),
    language: 'en',
  } as const;
  await saveOffline(seen, reschedule('2026-11-25'));
  const app = renderApp('/registered-parent/outbox', { user: ASHA });
  expect(await items()).toHaveLength(2);

  app.webhook
    .reply({ status: 404, body: 'No announcement with this announcement_id was found for these details.' })
    .reply({ body: 'Booked' });
  await app.user.click(screen.getByRole('button', { name: 'Send Now' }));
  expect(await nothingWaits()).toBeTruthy();
  expect(app.webhook.requests).toHaveLength(2);
  expect(screen.queryByText('Not accepted', { exact: true })).toBeNull();
  expect(screen.queryByText(/That you read an update could not be recorded/)).toBeNull();
});

test('a request saved more than 7 days ago is marked stale and is still sent, as it was made', async () => {
  await saveOffline(chat('Are you back from holiday?'));
  vi.setSystemTime(Date.parse(NOW) + 8 * DAY_MS);
  const app = renderApp('/registered-parent/outbox', { user: ASHA });
  // Due now, its backoff timer may send it first: either way the answer waits until the card has been read.
  const answer = app.webhook.hold({ body: 'Welcome back' });
  const [item] = await items();
  const card = within(item as HTMLElement);
  expect(card.getByText('Saved more than 7 days ago: it will still be sent', { exact: true })).toBeTruthy();
  expect(card.getByText('Saved 23 Nov 2026, 10:00 AM', { exact: true })).toBeTruthy();

  await app.user.click(screen.getByRole('button', { name: 'Send Now' }));
  await answer.arrived;
  answer.release();
  expect(await nothingWaits()).toBeTruthy();
  const [sent, ...more] = app.webhook.requests;
  expect(more).toHaveLength(0);
  expect(sent?.body).toMatchObject({ timestamp_ist: NOW, payload: { message: 'Are you back from holiday?' } });
});
