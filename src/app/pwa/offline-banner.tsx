import { en } from './messages.ts';
import { useOffline } from './use-offline.ts';
import './pwa.css';

/** Says the portal is offline and what still works; a polite status, so it never cuts into what a screen reader is saying. */
export function OfflineBanner() {
  const offline = useOffline();
  if (!offline) return null;
  return (
    <div className="offline-banner" role="status">
      <p className="offline-banner__title">{en.offline.title}</p>
      <p className="offline-banner__text">{en.offline.text}</p>
    </div>
  );
}
