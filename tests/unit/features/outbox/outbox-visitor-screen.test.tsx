import { screen, waitFor, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { appOutbox, cutNetwork, reconnect, useAppOutbox } from '../../../support/screen/outbox.ts';
import { findToast, renderApp, type RenderedApp } from '../../../support/screen/render-app.tsx';

useAppOutbox('/new-to-thrive/book-consult', '/new-to-thrive');

const field = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });

/** The consultation form opened, the network cut, and Meera's request made: saved on the phone. */
async function consultSavedOffline(): Promise<RenderedApp> {
  const app = renderApp('/new-to-thrive/book-consult');
  await screen.findByRole('heading', { level: 1, name: 'Book a Consultation' });
  cutNetwork();
  await app.user.type(field('Name'), 'Meera Nair');
  await app.user.type(field('Phone Number'), '12345');
  await app.user.type(field('Preferred Days/Times (Optional)'), 'Saturday morning');
  await app.user.click(screen.getByRole('button', { name: 'Book Consultation' }));
  await screen.findByRole('heading', { name: 'Saved on this phone' });
  return app;
}

/** Back to the options, then the consultation form again, as the visitor goes to check a refused request. */
async function reopenConsult(app: RenderedApp): Promise<void> {
  await app.user.click(screen.getByRole('link', { name: 'Back to Options' }));
  await app.user.click(await screen.findByRole('link', { name: /^Book a consult/ }));
  await screen.findByRole('heading', { level: 1, name: 'Book a Consultation' });
}

/** The form's word on a request saved earlier and refused since. */
const refusal = () => screen.findByRole('alert');

test('a request made with no connection is saved on the phone, with the way back to the options', async () => {
  const app = await consultSavedOffline();
  const saved = screen.getByRole('heading', { name: 'Saved on this phone' }).closest<HTMLElement>('[role="status"]');
  expect(saved?.textContent).toContain(
    'Your request is saved on this phone and will be sent automatically when the connection is back.',
  );
  await findToast('info', 'Saved on this phone: it will be sent automatically when the connection is back');
  const [item, ...more] = await appOutbox().list();
  expect(more).toHaveLength(0);
  expect(item?.envelope).toMatchObject({ action: 'book_consult', user: { name: 'Meera Nair', number: '12345' } });

  await app.user.click(within(saved as HTMLElement).getByRole('link', { name: 'Back to Options' }));
  await waitFor(() => expect(app.path()).toBe('/new-to-thrive'));
  expect(app.webhook.requests).toHaveLength(0);
});

test('refused once the connection returns, it comes back in the form with the server’s reason, to send again', async () => {
  const app = await consultSavedOffline();
  app.webhook.reply({ status: 400, body: 'Please enter a valid phone number (10 digits or E.164 format)' });
  reconnect(app.webhook);
  await findToast(
    'error',
    'Your saved consultation request was not accepted. Open Book a Consultation to check it and send it again.',
  );

  await reopenConsult(app);
  const refused = await refusal();
  expect(refused.textContent).toContain('Your earlier request was not accepted');
  expect(refused.textContent).toContain('Please enter a valid phone number (10 digits or E.164 format)');
  expect(field('Name').value).toBe('Meera Nair');
  expect(field('Phone Number').value).toBe('12345');
  expect(field('Preferred Days/Times (Optional)').value).toBe('Saturday morning');

  app.webhook.reply({ body: { message: 'Thanks, Meera' } });
  await app.user.clear(field('Phone Number'));
  await app.user.type(field('Phone Number'), '9876501234');
  await app.user.click(screen.getByRole('button', { name: 'Book Consultation' }));
  const success = await screen.findByRole('heading', { name: 'Success!' });
  expect(success.closest('[role="status"]')?.textContent).toContain('Thanks, Meera');
  await waitFor(async () => expect(await appOutbox().list()).toEqual([]));
  expect(app.webhook.requests).toHaveLength(2);
  expect(app.webhook.requests[1]?.body).toMatchObject({ user: { number: '9876501234' } });
});

test('refused with no reason and discarded: the form is empty again and nothing more is sent', async () => {
  const app = await consultSavedOffline();
  app.webhook.reply({ status: 422, body: '' });
  reconnect(app.webhook);
  await waitFor(async () => expect((await appOutbox().list())[0]?.state).toBe('failed'));

  await reopenConsult(app);
  const refused = await refusal();
  expect(refused.textContent).toContain('Failed to submit request');
  await app.user.click(within(refused).getByRole('button', { name: 'Discard It' }));
  await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  expect(field('Name').value).toBe('');
  await waitFor(async () => expect(await appOutbox().list()).toEqual([]));
  expect(app.webhook.requests).toHaveLength(1);
});
