import { screen, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { hindi } from '../../../src/app/hindi.ts';
import { ASHA } from '../../support/people.ts';
import { sampleFile } from '../../support/media-samples.ts';
import { expectAllHindi } from '../../support/screen/hindi-screen.ts';
import { findToast, renderApp } from '../../support/screen/render-app.tsx';

/**
 * The portal in Hindi, screen by screen and state by state: every word in Hindi (tests/support/screen/hindi-screen.ts)
 * and `language: "hi"` in every request. The browser keeps what needs a page: the start in Hindi, the choice kept,
 * the keyboard, nothing sideways at 360 px, axe (tests/e2e/hindi.spec.ts).
 */

const t = hindi;

// Monday 23 Nov 2026 in India: the calendar's month is known.
const NOW = '2026-11-23T10:00:00.000+05:30';

const h1 = (name: string) => screen.findByRole('heading', { level: 1, name });
const button = (name: string) => screen.getByRole('button', { name });
const link = (name: string | RegExp) => screen.findByRole('link', { name });
const textbox = (name: string) => screen.getByRole('textbox', { name });
const said = (title: string) => screen.getAllByRole('status').find((status) => status.textContent.includes(title));
const languages = (requests: readonly { body: unknown }[]) =>
  requests.map((request) => (request.body as { language?: string }).language);

afterEach(() => {
  vi.useRealTimers();
});

test('a new visitor: landing, welcome, both forms with their answers', async () => {
  const app = renderApp('/', { locale: 'hi' });
  app.webhook
    .reply({ status: 200, body: '' })
    .reply({ status: 422, body: 'इस हफ़्ते कॉल के समय भर गए हैं' })
    .reply({ status: 200, body: '' });
  expect(await screen.findByText(t.app.tagline, { exact: true })).toBeTruthy();
  expect(await link('English')).toBeTruthy();
  expectAllHindi('landing');

  const welcome = await link(new RegExp(t.app.landing.newTitle));
  // The address a tap opens: the Hindi page's own.
  expect(welcome.getAttribute('href')).toBe('/hi/new-to-thrive');
  await app.user.click(welcome);
  await h1(t.visitor.welcome.title);
  expectAllHindi('welcome');

  await app.user.click(await link(new RegExp(t.visitor.welcome.bookConsultTitle)));
  await h1(t.visitor.bookConsult.title);
  expectAllHindi('book a consult');
  await app.user.click(button(t.visitor.bookConsult.submit));
  await findToast('error', t.visitor.form.required);
  expectAllHindi('book a consult, required fields toast');

  await app.user.type(textbox(t.visitor.form.name), 'आशा वर्मा');
  await app.user.type(textbox(t.visitor.form.phone), '9876543210');
  await app.user.click(button(t.visitor.bookConsult.submit));
  await findToast('success', t.visitor.form.submitted);
  expect(said(t.ui.successTitle)?.textContent).toContain(t.visitor.bookConsult.success);
  expectAllHindi('book a consult, sent');
  expect(app.webhook.requests[0]?.body).toMatchObject({ action: 'book_consult', language: 'hi' });

  await app.user.click(screen.getByRole('link', { name: t.visitor.form.backToOptions }));
  await app.user.click(await link(new RegExp(t.visitor.welcome.scheduleCallTitle)));
  await h1(t.visitor.scheduleCall.title);
  await app.user.type(textbox(t.visitor.form.name), 'आशा वर्मा');
  await app.user.type(textbox(t.visitor.form.phone), '9876543210');
  await app.user.click(button(t.visitor.scheduleCall.submit));
  await findToast('error', t.visitor.form.failed);
  const error = screen.getByRole('alert');
  expect(error.textContent).toContain(t.ui.errorTitle);
  // The server's words, as they came.
  expect(error.textContent).toContain('इस हफ़्ते कॉल के समय भर गए हैं');
  expectAllHindi('schedule a call, refused');
  await app.user.click(button(t.visitor.scheduleCall.submit));
  await findToast('success', t.visitor.form.submitted);
  expect(said(t.ui.successTitle)?.textContent).toContain(t.visitor.scheduleCall.success);
  expect(app.webhook.requests.map((request) => (request.body as { action: string }).action)).toEqual([
    'book_consult',
    'schedule_call',
    'schedule_call',
  ]);
  expect(languages(app.webhook.requests)).toEqual(['hi', 'hi', 'hi']);
});

/** The words a screen reader adds to `element` (aria-describedby), as the browser computes its description. */
function description(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

test('a parent: sign-in, menu, schedule, reschedule and chat, with their answers, in Hindi', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(NOW));
  const app = renderApp('/registered-parent', { locale: 'hi' });
  app.webhook
    .reply({ body: { schedule: 'Tuesday: 4:00 PM with Ms. Rao' } })
    .reply({ body: '' })
    .reply({ body: { message: 'संदेश मिल गया, धन्यवाद।', slackChannel: '#parents' } });
  await h1(t['sign-in'].title);
  expectAllHindi('sign-in');
  await app.user.click(button(t['sign-in'].continue));
  await findToast('error', t['sign-in'].required);
  await app.user.type(screen.getByLabelText(t['sign-in'].nameLabel), ASHA.name);
  const phone = screen.getByLabelText(t['sign-in'].phoneLabel);
  await app.user.type(phone, '12345');
  await app.user.click(button(t['sign-in'].continue));
  await findToast('error', t['sign-in'].invalidPhone);
  expectAllHindi('sign-in, invalid number toast');
  await app.user.clear(phone);
  await app.user.type(phone, ASHA.number);
  await app.user.click(button(t['sign-in'].continue));

  await h1(t.menu.hello(ASHA.name));
  expect(app.path()).toBe('/registered-parent/menu');
  expectAllHindi('menu');

  await app.user.click(await link(new RegExp(t.menu.scheduleTitle)));
  await h1(t.schedule.title);
  await app.user.click(button(t.schedule.fetch));
  await findToast('success', t.schedule.retrieved);
  expect(screen.getByRole('list', { name: t.schedule.listLabel }).textContent).toContain('Ms. Rao के साथ');
  expect(screen.getByText(/^आखिरी बार अपडेट: 23 नवंबर 2026, सुबह 10:00$/)).toBeTruthy();
  expectAllHindi('schedule, fetched');
  expect(app.webhook.requests[0]?.body).toMatchObject({ action: 'know_schedule', language: 'hi' });

  await app.user.click(screen.getByRole('link', { name: t.ui.backToMenu }));
  await app.user.click(await link(new RegExp(t.menu.rescheduleTitle)));
  await h1(t.reschedule.title);
  const today = await within(await screen.findByRole('grid')).findByRole('button', {
    name: /^आज, सोमवार, 23 नवंबर, 2026$/,
  });
  expect(screen.getByText('नवंबर 2026', { exact: true })).toBeTruthy();
  expect(button('अगले महीने पर जाएँ')).toBeTruthy();
  expectAllHindi('reschedule, calendar');
  await app.user.click(today);
  expect(await screen.findByText(t.reschedule.selectedStart('23 नवंबर 2026'), { exact: true })).toBeTruthy();
  expectAllHindi('reschedule, a date picked');
  await app.user.click(button(t.reschedule.submit));
  await screen.findByRole('heading', { name: t.ui.successTitle });
  expect(said(t.ui.successTitle)?.textContent).toContain(t.reschedule.defaultSuccess);
  expectAllHindi('reschedule, sent');
  expect(app.webhook.requests[1]?.body).toMatchObject({ action: 'reschedule_single', language: 'hi' });

  await app.user.click(screen.getByRole('link', { name: t.ui.backToMenu }));
  await app.user.click(await link(new RegExp(t.menu.chatTitle)));
  const message = await screen.findByLabelText(t.conversation.chat.messageLabel, { exact: true });
  expect(description(message)).toBe(t.conversation.chat.counter('0', '500'));
  await app.user.type(message, 'नमस्ते');
  const drawing = new File([new Uint8Array(sampleFile('image/png', 1536))], 'drawing.png', { type: 'image/png' });
  await app.user.upload(screen.getByLabelText(t.conversation.chat.addFiles), drawing);
  expect((await screen.findAllByText('1.50 केबी', { exact: false })).length).toBeGreaterThan(0);
  expectAllHindi('chat, a photo attached');
  await app.user.click(button(t.conversation.chat.send));
  const sent = (await screen.findByRole('heading', { name: t.conversation.chat.sent })).closest('[role="status"]');
  expect(sent?.textContent).toContain('संदेश मिल गया, धन्यवाद।');
  expect(sent?.textContent).toContain(t.conversation.chat.channel('#parents'));
  expectAllHindi('chat, sent');
  expect(app.webhook.requests[2]?.body).toMatchObject({ action: 'chat_facilitator', language: 'hi' });
  expect(languages(app.webhook.requests)).toEqual(['hi', 'hi', 'hi']);
});
