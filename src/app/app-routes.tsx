import { Route, Routes } from 'react-router';
import { paths } from '../config/paths.ts';
import { RequireSessionUser } from '../features/registered-parent/session/require-session-user.tsx';
import { AppLayout } from './app-layout.tsx';
import { LandingPage } from './landing-page.tsx';
import { lazyPage } from './lazy-page.ts';
import { NotFoundPage } from './not-found-page.tsx';

// Every screen but the landing page is its own chunk: the landing route never pays for the calendar or chat.
const SignInPage = lazyPage(() => import('../features/registered-parent/sign-in/sign-in-page.tsx'), 'SignInPage');
const MenuPage = lazyPage(() => import('../features/registered-parent/menu/menu-page.tsx'), 'MenuPage');
const SchedulePage = lazyPage(() => import('../features/registered-parent/schedule/schedule-page.tsx'), 'SchedulePage');
const ReschedulePage = lazyPage(
  () => import('../features/registered-parent/reschedule/reschedule-page.tsx'),
  'ReschedulePage',
);
const ChatPage = lazyPage(() => import('../features/registered-parent/chat/chat-page.tsx'), 'ChatPage');
const OutboxPage = lazyPage(() => import('../features/registered-parent/outbox/outbox-page.tsx'), 'OutboxPage');
const WelcomePage = lazyPage(() => import('../features/new-visitor/welcome/welcome-page.tsx'), 'WelcomePage');
const BookConsultPage = lazyPage(
  () => import('../features/new-visitor/visitor-request/visitor-request-pages.tsx'),
  'BookConsultPage',
);
const ScheduleCallPage = lazyPage(
  () => import('../features/new-visitor/visitor-request/visitor-request-pages.tsx'),
  'ScheduleCallPage',
);
const KnowMorePage = lazyPage(() => import('../features/new-visitor/know-more/know-more-page.tsx'), 'KnowMorePage');

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path={paths.home} element={<LandingPage />} />
        <Route path={paths.signIn} element={<SignInPage />} />
        <Route element={<RequireSessionUser />}>
          <Route path={paths.menu} element={<MenuPage />} />
          <Route path={paths.schedule} element={<SchedulePage />} />
          <Route path={paths.reschedule} element={<ReschedulePage />} />
          <Route path={paths.chat} element={<ChatPage />} />
          <Route path={paths.outbox} element={<OutboxPage />} />
        </Route>
        <Route path={paths.visitorWelcome} element={<WelcomePage />} />
        <Route path={paths.bookConsult} element={<BookConsultPage />} />
        <Route path={paths.scheduleCall} element={<ScheduleCallPage />} />
        <Route path={paths.knowMore} element={<KnowMorePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
