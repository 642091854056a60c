import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { ASHA } from '../../../support/people.ts';
import { renderApp, type RenderedApp } from '../../../support/screen/render-app.tsx';
import { savedParent } from '../../../support/screen/session.ts';

const MENU = '/registered-parent/menu';

let opened: RenderedApp | undefined;

/** The menu opened signed in as Asha. */
async function open(): Promise<RenderedApp> {
  opened = renderApp(MENU, { user: ASHA });
  await screen.findByRole('heading', { level: 1, name: 'Hello, Asha Verma!' });
  return opened;
}

afterEach(() => {
  expect(opened?.webhook.unexpected, 'webhook requests nobody scripted').toEqual([]);
  opened = undefined;
});

test('greets the parent and offers the three cards, each a way there and back', async () => {
  const app = await open();
  expect(screen.getByText('What would you like to do?', { exact: true })).toBeTruthy();
  const cards = [
    ['Know your schedule', 'View upcoming sessions', '/registered-parent/schedule', 'Your Schedule'],
    ['Reschedule', 'Change your session dates', '/registered-parent/reschedule', 'Reschedule Session'],
    ['Chat with your facilitator', 'Send messages and attachments', '/registered-parent/chat', 'Chat with Facilitator'],
  ] as const;
  for (const [title, text, path, heading] of cards) {
    const card = screen.getByRole('link', { name: new RegExp(`^${title}`) });
    expect(card.textContent).toContain(text);
    await app.user.click(card);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(app.path()).toBe(path);
    await app.user.click(screen.getByRole('link', { name: 'Back to Menu' }));
    await screen.findByRole('heading', { level: 1, name: 'Hello, Asha Verma!' });
    expect(app.path()).toBe(MENU);
  }
});

test('Home leads to the landing page and keeps the session', async () => {
  const app = await open();
  await app.user.click(screen.getByRole('link', { name: 'Home' }));
  await waitFor(() => expect(app.path()).toBe('/'));
  expect(savedParent()).toEqual(ASHA);
});

test('Logout clears the session and goes to the landing page; the menu then asks who is there', async () => {
  const app = await open();
  await app.user.click(screen.getByRole('button', { name: 'Logout' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Thrive' })).toBeTruthy();
  expect(app.path()).toBe('/');
  expect(savedParent()).toBeNull();

  // The menu's address opened again in this tab, its sessionStorage as logging out left it.
  expect(app.webhook.unexpected).toEqual([]);
  cleanup();
  opened = renderApp(MENU);
  expect(await screen.findByRole('heading', { level: 1, name: 'Welcome Back' })).toBeTruthy();
  expect(opened.path()).toBe('/registered-parent');
  expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('');
});
