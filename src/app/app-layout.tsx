import { Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { lazyPage } from './lazy-page.ts';
import { en } from './messages.ts';
import { InstallButton } from './pwa/install.tsx';
import { OfflineBanner } from './pwa/offline.tsx';
import { whenLoaded } from './when-loaded.ts';

// sonner is not needed to draw the first screen, so it stays off the landing route's critical path.
const AppToaster = lazyPage(() => import('./app-toaster.tsx'), 'AppToaster');

/** The frame of every page: brand bar and install offer, offline banner, the screen, footer, and the one toaster. */
export function AppLayout() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    void whenLoaded().then(() => setLoaded(true));
  }, []);
  return (
    <div className="app">
      <header className="app__bar">
        <span className="app__brand">{en.programmeTitle}</span>
        <InstallButton />
      </header>
      <OfflineBanner />
      <main className="app__main" id="main">
        <Suspense fallback={<p className="page-fallback">{en.loading}</p>}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="app__footer">
        <p>{en.poweredBy}</p>
      </footer>
      <Suspense fallback={null}>{loaded && <AppToaster />}</Suspense>
    </div>
  );
}
