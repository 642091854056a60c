import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import type { User } from '../../shared/webhook/types.ts';
import { Button } from '../../ui/button.tsx';
import { PushBlocked } from './push-status.tsx';
import { usePushDevice } from './use-push-device.ts';
import { notificationsText } from './messages.ts';
import './notifications.css';

/**
 * The chat's offer, for a verified phone: notifications are asked for only
 * when the parent taps its button, never as a page opens. Where the browser
 * cannot, or was refused, it says so and how to turn them back on.
 */
export function PushOffer({ user }: { user: User | null }) {
  const t = notificationsText();
  const push = usePushDevice(user);
  if (push.availability === undefined || push.token === undefined) return null;
  return (
    <section className="push" aria-labelledby="push-offer-title">
      <h2 id="push-offer-title" className="push__title">
        {t.offerTitle}
      </h2>
      {push.subscribed ? (
        <p className="push__note">{t.on}</p>
      ) : push.availability === 'ask' || push.availability === 'granted' ? (
        <>
          <p className="push__note">{t.offerText}</p>
          <Button variant="secondary" busy={push.busy} onClick={() => void push.turnOn()}>
            {t.turnOn}
          </Button>
        </>
      ) : (
        <PushBlocked availability={push.availability} />
      )}
      {push.failed && (
        <p className="push__note" role="alert">
          {t.failed}
        </p>
      )}
      <Link to={paths.notifications} className="push__link">
        {t.settingsLink}
      </Link>
    </section>
  );
}
