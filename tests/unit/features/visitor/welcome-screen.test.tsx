import { screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderApp } from '../../../support/screen/render-app.tsx';

test('offers three ways to get started, each with a short description of what happens next', async () => {
  renderApp('/new-to-thrive');
  await screen.findByRole('heading', { level: 1, name: 'Welcome to Thrive!' });
  const links = within(within(screen.getByRole('main')).getByRole('navigation')).getAllByRole('link');
  expect(links).toHaveLength(3);
  for (const [index, title] of ['Book a consult', 'Schedule a call to chat', 'Know more about Thrive'].entries()) {
    const text = links[index]?.textContent ?? '';
    expect(text.startsWith(title)).toBe(true);
    // Every card says more than its title: the description tells a visitor what happens next.
    expect(text.slice(title.length).trim().length).toBeGreaterThan(10);
  }
});

test.each([
  { card: 'Book a consult', path: '/new-to-thrive/book-consult', heading: 'Book a Consultation' },
  { card: 'Schedule a call to chat', path: '/new-to-thrive/schedule-call', heading: 'Schedule a Call' },
])('from the landing page, the $card card opens the $heading form', async ({ card, path, heading }) => {
  const app = renderApp('/');
  await app.user.click(await screen.findByRole('link', { name: /I'm new to Thrive/ }));
  await app.user.click(await screen.findByRole('link', { name: new RegExp(`^${card}`) }));
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  expect(app.path()).toBe(path);
});

test('the Home button returns to the landing page', async () => {
  const app = renderApp('/new-to-thrive');
  await app.user.click(await screen.findByRole('link', { name: 'Home' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Thrive' })).toBeTruthy();
  await waitFor(() => expect(app.path()).toBe('/'));
});
