import { screen, waitFor } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { findToast, renderApp, type RenderedApp } from '../../../support/screen/render-app.tsx';
import { savedParent } from '../../../support/screen/session.ts';

const HINT = 'For example +91 98765 43210, or the 10 digits alone';
const INVALID_PHONE = 'Please enter a valid phone number (10 digits or E.164 format)';

const nameField = () => screen.getByLabelText<HTMLInputElement>('Name');
const phoneField = () => screen.getByLabelText<HTMLInputElement>('Phone Number');

let opened: RenderedApp | undefined;

/** Sign-in as a new tab opens it: nobody signed in. */
async function open(): Promise<RenderedApp> {
  opened = renderApp('/registered-parent');
  await screen.findByRole('heading', { level: 1, name: 'Welcome Back' });
  return opened;
}

/** Puts `text` in `field` in one go, in place of what it held, as a paste does ('' empties it). */
async function fill(app: RenderedApp, field: HTMLInputElement, text: string): Promise<void> {
  await app.user.clear(field);
  if (text) await app.user.paste(text);
}

/** Fills in `name` and `number` as they are, then taps Continue. */
async function signIn(app: RenderedApp, name: string, number: string): Promise<void> {
  await fill(app, nameField(), name);
  await fill(app, phoneField(), number);
  await app.user.click(screen.getByRole('button', { name: 'Continue' }));
}

afterEach(() => {
  expect(opened?.webhook.unexpected, 'webhook requests nobody scripted').toEqual([]);
  opened = undefined;
});

test('shows the Welcome Back form with its labels and hint, and Back leads home', async () => {
  const app = await open();
  expect(nameField().value).toBe('');
  expect(phoneField().value).toBe('');
  expect(screen.getByRole('textbox', { name: 'Phone Number', description: HINT })).toBe(phoneField());
  expect(screen.getByText(HINT, { exact: true })).toBeTruthy();
  await app.user.click(screen.getByRole('link', { name: 'Back' }));
  await waitFor(() => expect(app.path()).toBe('/'));
});

test('asks for every field when the name is blank and the phone empty, and signs nobody in', async () => {
  const app = await open();
  await signIn(app, '   ', '');
  await findToast('error', 'Please fill in all required fields');
  expect(app.path()).toBe('/registered-parent');
  expect(savedParent()).toBeNull();
});

test('refuses the phone number 5876543210, says so under the number until it is fixed', async () => {
  const app = await open();
  await signIn(app, 'Asha', '5876543210');
  await findToast('error', INVALID_PHONE);
  expect(app.path()).toBe('/registered-parent');
  expect(savedParent()).toBeNull();
  // The words stay under the number, not only in the toast, and the name is not marked.
  expect(phoneField().getAttribute('aria-invalid')).toBe('true');
  expect(screen.getByRole('textbox', { name: 'Phone Number', description: `${INVALID_PHONE} ${HINT}` })).toBe(
    phoneField(),
  );
  expect(nameField().hasAttribute('aria-invalid')).toBe(false);
  await fill(app, phoneField(), '9876543210');
  expect(phoneField().hasAttribute('aria-invalid')).toBe(false);
  await waitFor(() => expect(screen.queryAllByText(INVALID_PHONE)).toHaveLength(0));
});

test('refuses a pasted name with a tab in it, keeping what was typed, and signs nobody in', async () => {
  const app = await open();
  await signIn(app, 'Asha\tVerma', '9876543210');
  await findToast(
    'error',
    'Please type your name again: it has a tab, a line break or another character that cannot be sent',
  );
  expect(nameField().value).toBe('Asha\tVerma');
  expect(savedParent()).toBeNull();
});

test('saves the trimmed parent and opens the menu', async () => {
  const app = await open();
  await signIn(app, '  Asha Verma  ', ' 9876543210 ');
  expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Asha Verma!' })).toBeTruthy();
  expect(app.path()).toBe('/registered-parent/menu');
  expect(savedParent()).toEqual({ name: 'Asha Verma', number: '9876543210' });
});

test('accepts an E.164 number', async () => {
  const app = await open();
  await signIn(app, 'Sam', '+447700900123');
  expect(await screen.findByRole('heading', { level: 1, name: 'Hello, Sam!' })).toBeTruthy();
  expect(savedParent()).toEqual({ name: 'Sam', number: '+447700900123' });
});
