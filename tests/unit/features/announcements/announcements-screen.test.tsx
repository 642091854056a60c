import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, expect, test } from 'vitest';
import { paths } from '../../../../src/config/paths.ts';
import { CANCELLED_FOR_DIWALI as CANCELLED, WELCOME } from '../../../support/announcements.ts';
import { ASHA } from '../../../support/people.ts';
import { emptyIndexedDb } from '../../../support/screen/fresh-storage.ts';
import { preloadScreens } from '../../../support/screen/preload-screens.ts';
import { renderApp } from '../../../support/screen/render-app.tsx';

const menuCard = () => screen.findByRole('link', { name: /^Updates from the programme/ });

preloadScreens(paths.menu, paths.announcements, paths.announcement);
beforeEach(emptyIndexedDb);

test('the menu counts the new updates, and the list shows them newest first, the urgent one marked', async () => {
  const app = renderApp(paths.menu, { user: ASHA });
  app.webhook.announcements.push(WELCOME, CANCELLED);
  const card = await menuCard();
  expect(await within(card).findByText('2 new updates', { exact: true })).toBeTruthy();
  await app.user.click(card);
  const list = await screen.findByRole('list', { name: 'Updates from the programme' });
  const items = within(list).getAllByRole('listitem');
  expect(items).toHaveLength(2);
  expect(items[0]?.textContent).toContain('Wednesday’s session is cancelled');
  expect(items[0]?.textContent).toContain('Urgent');
  expect(items[1]?.textContent).toContain('Welcome to the new term');
  expect(items[1]?.textContent).not.toContain('Urgent');
});

test('one update shows staff’s words with their number and address as links, and sends its seen mark', async () => {
  const app = renderApp(paths.announcements, { user: ASHA });
  app.webhook.announcements.push(CANCELLED, WELCOME);
  app.webhook.reply({ body: { seen: true, announcement_id: 'ann-diwali' } });
  await app.user.click(await screen.findByRole('link', { name: 'Wednesday’s session is cancelled' }));
  const title = await screen.findByRole('heading', { level: 2, name: 'Wednesday’s session is cancelled' });
  expect(title.getAttribute('dir')).toBe('auto');
  expect(screen.getByRole('link', { name: '98765 43210' }).getAttribute('href')).toBe('tel:+919876543210');
  const address = screen.getByRole('link', { name: 'https://thrive.example/holidays' });
  expect(address.getAttribute('href')).toBe('https://thrive.example/holidays');

  await waitFor(() => expect(app.webhook.requests).toHaveLength(1));
  expect(app.webhook.requests[0]?.body).toMatchObject({
    action: 'mark_announcement_seen',
    user: ASHA,
    payload: { announcement_id: 'ann-diwali' },
    language: 'en',
  });
});

test('the Hindi menu asks for the updates in Hindi and counts them in Hindi', async () => {
  const app = renderApp(paths.menu, { user: ASHA, locale: 'hi' });
  app.webhook.announcements.push({ ...CANCELLED, seen: true }, WELCOME);
  const card = await screen.findByRole('link', { name: /^प्रोग्राम की ओर से अपडेट/ });
  expect(await within(card).findByText('1 नया अपडेट', { exact: true })).toBeTruthy();
  expect(app.webhook.announcementReads.at(-1)?.body).toMatchObject({ action: 'list_announcements', language: 'hi' });
});
