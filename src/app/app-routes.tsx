import type { FunctionComponent } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { env } from '../config/env.ts';
import { paths } from '../config/paths.ts';
import { RequireSessionUser } from '../features/sign-in/require-session-user.tsx';
import { AppLayout } from './app-layout.tsx';
import { LandingPage } from './landing-page.tsx';
import { lazyPage, type LazyPage } from './lazy-page.ts';
import { NotFoundPage } from './not-found-page.tsx';

interface Screen {
  path: string;
  /** The landing page is in the entry chunk; every other screen is its own (LazyPage). */
  Page: FunctionComponent | LazyPage;
  /** Registered-parent screens that need the session user (the spec). */
  needsSession?: boolean;
  /** An address outside the portal the screen sends the visitor on to: its prerendered page leaves with no script. */
  leavesFor?: string | undefined;
  /**
   * Its screen is links and text only, which work as HTML: its prerendered page answers a tap before the app has
   * started, where a page with a form waits, inert, for the app (build/prerender.ts).
   */
  linksOnly?: true;
}

/**
 * Every screen of the portal, in the order of the spec. The router, the build's
 * prerendering (src/entry-prerender.tsx) and the preload before hydration all
 * read this one table. Every screen but the landing page is its own chunk: the
 * landing route never pays for the calendar or chat.
 */
export const SCREENS: readonly Screen[] = [
  { path: paths.home, Page: LandingPage, linksOnly: true },
  {
    path: paths.signIn,
    Page: lazyPage(() => import('../features/sign-in/sign-in-page.tsx'), 'SignInPage'),
  },
  {
    path: paths.menu,
    Page: lazyPage(() => import('../features/menu/menu-page.tsx'), 'MenuPage'),
    needsSession: true,
  },
  {
    path: paths.schedule,
    Page: lazyPage(() => import('../features/schedule/schedule-page.tsx'), 'SchedulePage'),
    needsSession: true,
  },
  {
    path: paths.reschedule,
    Page: lazyPage(() => import('../features/reschedule/reschedule-page.tsx'), 'ReschedulePage'),
    needsSession: true,
  },
  {
    path: paths.chat,
    Page: lazyPage(() => import('../features/conversation/chat-page.tsx'), 'ChatPage'),
    needsSession: true,
  },
  {
    path: paths.outbox,
    Page: lazyPage(() => import('../features/outbox/outbox-page.tsx'), 'OutboxPage'),
    needsSession: true,
  },
  {
    path: paths.notifications,
    Page: lazyPage(() => import('../features/notifications/notifications-page.tsx'), 'NotificationsPage'),
    needsSession: true,
  },
  {
    path: paths.announcements,
    Page: lazyPage(() => import('../features/announcements/announcements-page.tsx'), 'AnnouncementsPage'),
    needsSession: true,
  },
  {
    path: paths.announcement,
    Page: lazyPage(() => import('../features/announcements/announcements-page.tsx'), 'AnnouncementPage'),
    needsSession: true,
  },
  {
    path: paths.visitorWelcome,
    Page: lazyPage(() => import('../features/visitor/welcome-page.tsx'), 'WelcomePage'),
    linksOnly: true,
  },
  {
    path: paths.bookConsult,
    Page: lazyPage(() => import('../features/visitor/visitor-request-pages.tsx'), 'BookConsultPage'),
  },
  {
    path: paths.scheduleCall,
    Page: lazyPage(() => import('../features/visitor/visitor-request-pages.tsx'), 'ScheduleCallPage'),
  },
  {
    path: paths.knowMore,
    Page: lazyPage(() => import('../features/visitor/know-more-page.tsx'), 'KnowMorePage'),
    leavesFor: env.knowMoreUrl,
  },
];

const routeOf = ({ path, Page }: Screen) => <Route key={path} path={path} element={<Page />} />;

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        {SCREENS.filter((screen) => !screen.needsSession).map(routeOf)}
        <Route element={<RequireSessionUser />}>{SCREENS.filter((screen) => screen.needsSession).map(routeOf)}</Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/**
 * Loads the chunk of the screen at `pathname` (none for the landing and 404
 * pages), so a prerendered page hydrates without suspending.
 */
export async function preloadScreen(pathname: string): Promise<void> {
  const screen = SCREENS.find(({ path }) => matchPath(path, pathname));
  if (screen && 'preload' in screen.Page) await screen.Page.preload();
}
