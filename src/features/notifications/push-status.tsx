import type { PushAvailability } from './push-availability.ts';
import { notificationsText } from './messages.ts';

/** Why this phone cannot turn notifications on, and how to change that; nothing when it can. */
export function PushBlocked({ availability }: { availability: PushAvailability | undefined }) {
  const t = notificationsText();
  const text =
    availability === 'unsupported'
      ? t.unsupported
      : availability === 'denied'
        ? t.denied
        : availability === 'install'
          ? t.installFirst
          : undefined;
  return text ? <p className="push__note">{text}</p> : null;
}
