import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Toaster } from 'sonner';
import { en } from './messages.ts';
import { InstallButton } from './pwa/install-button.tsx';
import { OfflineBanner } from './pwa/offline-banner.tsx';

/** The frame of every page: brand bar and install offer, offline banner, the screen, footer, and the one toaster. */
export function AppLayout() {
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
      <Toaster position="top-center" richColors closeButton duration={5000} />
    </div>
  );
}
