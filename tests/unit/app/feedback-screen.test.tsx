import { screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { ASHA } from '../../support/people.ts';
import { findToast, renderApp, toasts } from '../../support/screen/render-app.tsx';
import { statuses } from '../../support/screen/statuses.ts';

const INVALID_PHONE = 'Please enter a valid phone number (10 digits or E.164 format)';
/** sonner closes every toast after 5 s by itself: going well before then is what shows its cause took it down. */
const GOES_AT_ONCE = { timeout: 2_000 };

/** Waits for the toast saying `text` to leave the screen. */
async function gone(text: string): Promise<void> {
  const region = await toasts();
  await waitFor(() => expect(within(region).queryByText(text, { exact: true })).toBeNull(), GOES_AT_ONCE);
}

test('an error toast goes once its field is fixed, and when the screen changes', async () => {
  const app = renderApp('/registered-parent');
  await app.user.type(await screen.findByLabelText('Name'), ASHA.name);
  const phone = screen.getByLabelText('Phone Number');
  await app.user.type(phone, '12345');
  await app.user.click(screen.getByRole('button', { name: 'Continue' }));
  await findToast('error', INVALID_PHONE);
  await app.user.clear(phone);
  await app.user.type(phone, ASHA.number);
  await gone(INVALID_PHONE);
  await app.user.click(screen.getByRole('button', { name: 'Continue' }));
  expect(await screen.findByRole('heading', { level: 1, name: `Hello, ${ASHA.name}!` })).toBeTruthy();
  expect(statuses()).toEqual([]);

  // Chat: the toast about an empty message goes as the message is typed, and with the screen.
  await app.user.click(screen.getByRole('link', { name: /Chat with your facilitator/ }));
  const send = await screen.findByRole('button', { name: 'Send Message' });
  await app.user.click(send);
  await findToast('error', 'Please enter a message');
  const message = screen.getByRole('textbox', { name: 'Message' });
  await app.user.type(message, 'Running late today');
  await gone('Please enter a message');
  await app.user.clear(message);
  await app.user.click(send);
  await findToast('error', 'Please enter a message');
  await app.user.click(screen.getByRole('link', { name: 'Back to Menu' }));
  expect(await screen.findByRole('heading', { level: 1, name: `Hello, ${ASHA.name}!` })).toBeTruthy();
  await gone('Please enter a message');
  expect(app.webhook.requests).toHaveLength(0);
});
