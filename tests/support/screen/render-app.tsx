/**
 * The whole app rendered at one address in happy-dom: the routes, the frame, the toaster and the screen, as a page of the
 * built app draws them once started, with the webhook answered by a RecordingWebhook (fake-webhook.ts). What the
 * screen tests prove there is what the screens do with what a parent types and what the webhook answers; the
 * browser suites keep what needs a browser: the page's start and lifecycle, the service worker, layout, axe.
 */
import { render, screen, within, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { StrictMode } from 'react';
import { BrowserRouter, useLocation } from 'react-router';
import { afterEach, expect, vi } from 'vitest';
import { AppRoutes } from '../../../src/app/app-routes.tsx';
import { hindi } from '../../../src/app/hindi.ts';
import { activateLocale } from '../../../src/shared/i18n/catalog.ts';
import { basenameOf, type Locale } from '../../../src/shared/i18n/locale.ts';
import { SESSION_USER_KEY } from '../../../src/shared/session/session-user.ts';
import type { User } from '../../../src/shared/webhook/types.ts';
import { RecordingWebhook, webhookFetch } from './fake-webhook.ts';

export interface AppOptions {
  /** The parent signed in this tab, as sign-in keeps them in sessionStorage; nobody by default. */
  user?: User;
  /** The page's language, as its address names it (/hi/…); English by default. */
  locale?: Locale;
}

export interface RenderedApp extends RenderResult {
  webhook: RecordingWebhook;
  user: UserEvent;
  /** The address the app is at now. */
  path(): string;
}

let here = '';
/** The webhook of the app rendered in this test, if any. */
let current: RecordingWebhook | undefined;

function Address() {
  here = useLocation().pathname;
  return null;
}

/** Opens the app at `path` (a route path, without /hi). */
export function renderApp(path: string, { user, locale = 'en' }: AppOptions = {}): RenderedApp {
  const webhook = new RecordingWebhook();
  current = webhook;
  vi.stubGlobal('fetch', webhookFetch(webhook));
  activateLocale(locale, locale === 'hi' ? hindi : {});
  document.documentElement.lang = locale;
  if (user) sessionStorage.setItem(SESSION_USER_KEY, JSON.stringify(user));
  const basename = basenameOf(locale);
  // The page's own address, as the app's BrowserRouter keeps it: the session guard reads it too.
  window.history.replaceState(null, '', `${basename ?? ''}${path}`);
  const rendered = render(
    <StrictMode>
      <BrowserRouter {...(basename && { basename })}>
        <AppRoutes />
        <Address />
      </BrowserRouter>
    </StrictMode>,
  );
  return { ...rendered, webhook, user: userEvent.setup(), path: () => here };
}

/** The toasts region, once the lazy toaster has mounted. */
export async function toasts(): Promise<HTMLElement> {
  return screen.findByRole('region', { name: /^(Notifications|सूचनाएँ)/ });
}

/** Waits for a toast of `type` saying exactly `text`. */
export async function findToast(type: 'success' | 'error' | 'info', text: string): Promise<HTMLElement> {
  const region = await toasts();
  const message = await within(region).findByText(text, { exact: true });
  const toast = message.closest<HTMLElement>('[data-sonner-toast]');
  if (toast?.dataset.type !== type) throw new Error(`The toast "${text}" is ${toast?.dataset.type}, not ${type}`);
  return toast;
}

afterEach(() => {
  // As the browser suites' fixture does: a webhook request that no test scripted fails the test.
  const unexpected = current?.unexpected ?? [];
  current?.releaseAll();
  current = undefined;
  activateLocale('en');
  sessionStorage.clear();
  localStorage.clear();
  vi.unstubAllGlobals();
  expect(
    unexpected.map(({ body }) => body),
    'webhook requests nobody scripted',
  ).toEqual([]);
});

/** Disabled as Playwright's toBeDisabled reads it: natively, or aria-disabled (a busy Button keeps its focus). */
export function isDisabled(element: HTMLElement): boolean {
  return (element as HTMLButtonElement).disabled || element.getAttribute('aria-disabled') === 'true';
}
