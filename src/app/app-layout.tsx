import { startTransition, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { APP_STARTED_ATTRIBUTE } from '../page/boot-script.ts';
import { startAnswering } from '../ui/answer-input.ts';
import { ErrorBoundary } from '../ui/error-boundary.tsx';
import { screenToasts } from '../ui/screen-toasts.ts';
import { useHydrated, useHydrationEnd } from '../ui/use-hydrated.ts';
import { lazyPage } from './lazy-page.ts';
import { appText } from './messages.ts';
import { InstallButton } from './pwa/install.tsx';
import { OfflineBanner } from './pwa/offline.tsx';
import { ScreenFailed } from './screen-failed.tsx';
import { whenLoaded } from './when-loaded.ts';

// sonner is not needed to draw the first screen, so it stays off the landing route's critical path.
const AppToaster = lazyPage(() => import('./app-toaster.tsx'), 'AppToaster');

/**
 * Lets the page answer input: a prerendered page with a form is inert until then (build/prerender.ts), so nothing is
 * typed into a field React has not taken over, nor tapped on a handler that does not know the parent yet.
 */
function answerInput(): void {
  const root = document.getElementById('root');
  if (!root) return;
  startAnswering(root);
  root.setAttribute(APP_STARTED_ATTRIBUTE, '');
}

/**
 * The screen. React hydrates what is inside a Suspense boundary after the rest of the page, so the page's
 * hydration is over once this has rendered (useHydrationEnd); one child of its own, so no useId changes.
 * The page answers input from the render after, when every handler of the screen knows what the visit knows:
 * earlier, the screen is still being hydrated in slices, and a tap or an edit there would be lost.
 */
function Screen() {
  const ready = useHydrationEnd();
  useEffect(() => {
    if (ready) answerInput();
  }, [ready]);
  return <Outlet />;
}

/** A screen that could not be drawn answers input all the same: its Try Again and Home are the way on. */
function FailedScreen() {
  useEffect(answerInput, []);
  return <ScreenFailed />;
}

/**
 * The frame of every page: brand bar and install offer, offline banner, the
 * screen, footer, and the one toaster. The install offer and the offline
 * banner depend on this browser, so they are not in the prerendered HTML: they
 * appear after hydration, the offer in the bar's reserved height.
 */
export function AppLayout() {
  const hydrated = useHydrated();
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    // In a transition: a plain update here, while the screen below is still being hydrated in slices, would make
    // React hydrate the rest of it at once, in one long task.
    void whenLoaded().then(() => startTransition(() => setLoaded(true)));
  }, []);
  const { pathname } = useLocation();
  // Another screen: what the last one's toasts said is not about this one.
  useEffect(() => screenToasts.leaveScreen(), [pathname]);
  return (
    <div className="app">
      <header className="app__bar" data-toasts-below="">
        <span className="app__brand">{appText().programmeTitle}</span>
        {hydrated && <InstallButton />}
      </header>
      {hydrated && <OfflineBanner />}
      <main className="app__main" id="main">
        {/* Keyed by the address: another screen starts afresh. */}
        <ErrorBoundary key={pathname} part="The screen" fallback={<FailedScreen />}>
          <Suspense fallback={<p className="page-fallback">{appText().loading}</p>}>
            <Screen />
          </Suspense>
        </ErrorBoundary>
      </main>
      <footer className="app__footer">
        <p>{appText().poweredBy}</p>
      </footer>
      {/* Without its chunk there are no toasts in this page, but the page stays. */}
      <ErrorBoundary part="The toaster" fallback={null}>
        <Suspense fallback={null}>{loaded && <AppToaster />}</Suspense>
      </ErrorBoundary>
    </div>
  );
}
