import { screen, waitFor } from '@testing-library/react';
import { afterAll, expect, test, vi } from 'vitest';
import { hindi } from '../../../../src/app/hindi.ts';
import { expectAllHindi } from '../../../support/screen/hindi-screen.ts';
import { renderApp } from '../../../support/screen/render-app.tsx';

// The build without an information page: env.ts reads it once, as the app's modules load.
vi.hoisted(() => vi.stubEnv('VITE_KNOW_MORE_URL', ''));
afterAll(() => {
  vi.unstubAllEnvs();
});

test('when no information page is configured, says so clearly, stays at its address and offers a way back', async () => {
  const app = renderApp('/new-to-thrive');
  await app.user.click(await screen.findByRole('link', { name: /^Know more about Thrive/ }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Know more about Thrive' })).toBeTruthy();
  expect(screen.getByText('The programme information page is not configured yet.')).toBeTruthy();
  expect(app.path()).toBe('/new-to-thrive/know-more');

  await app.user.click(screen.getByRole('link', { name: 'Back to Options' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Thrive!' })).toBeTruthy();
  await waitFor(() => expect(app.path()).toBe('/new-to-thrive'));
});

test('with no information page configured, says so in Hindi and offers a way back to the Hindi options', async () => {
  const t = hindi.visitor;
  const app = renderApp('/new-to-thrive', { locale: 'hi' });
  await app.user.click(await screen.findByRole('link', { name: new RegExp(`^${t.welcome.knowMoreTitle}`) }));
  await screen.findByRole('heading', { level: 1, name: t.knowMore.title });
  expect(screen.getByText(t.knowMore.notConfigured, { exact: true })).toBeTruthy();
  expectAllHindi('know more, not configured');

  const back = screen.getByRole('link', { name: t.knowMore.backToOptions });
  expect(back.getAttribute('href')).toBe('/hi/new-to-thrive');
  await app.user.click(back);
  expect(await screen.findByRole('heading', { level: 1, name: t.welcome.title })).toBeTruthy();
  expect(app.path()).toBe('/new-to-thrive');
});
