import { useEffect, useId, useState, type FormEvent } from 'react';
import { paths } from '../../config/paths.ts';
import type { NotificationSettings } from '../../shared/webhook/push.ts';
import { BackToMenu } from '../../ui/back-to-menu.tsx';
import { Button } from '../../ui/button.tsx';
import { InputField } from '../../ui/field.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { Page } from '../../ui/page.tsx';
import { useSessionUser } from '../sign-in/use-session-user.ts';
import { PushBlocked } from './push-status.tsx';
import { followReadReceipts, readPushSettings } from './push-device.ts';
import { usePushDevice } from './use-push-device.ts';
import { notificationsText } from './messages.ts';
import './notifications.css';

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; settings: NotificationSettings };

type Switch =
  | 'replies'
  | 'reminders'
  | 'request_updates'
  | 'announcements'
  | 'show_text'
  | 'read_receipts'
  | 'text_fallback';

function Choice({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="push__choice">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <div>
        <label htmlFor={id}>{label}</label>
        {hint && (
          <p id={`${id}-hint`} className="field__hint">
            {hint}
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * The one place a parent chooses what this phone is told: replies, session
 * reminders, request updates, updates from the programme (announcements,
 * on by default), quiet hours (India time), whether a
 * notification shows the message's text (off by default), whether the chat
 * sends read receipts, and whether a notification missed comes as a text
 * (both on by default). Settings are saved with the device token, so they
 * need a verified phone; all but the message's text are the parent's too and
 * hold on their next phone (docs/webhook-contract.md, push_settings).
 */
export function NotificationsPage() {
  const t = notificationsText();
  const { user } = useSessionUser();
  const push = usePushDevice(user);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [saving, setSaving] = useState(false);
  const [news, setNews] = useState('');
  const { token } = push;

  useEffect(() => {
    if (token === undefined) return undefined;
    let live = true;
    readPushSettings(token).then(
      ({ settings }) => live && setLoaded({ status: 'loaded', settings }),
      () => live && setLoaded({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [token, attempt]);

  const change = (changes: Partial<NotificationSettings>) => {
    setNews('');
    setLoaded((before) =>
      before.status === 'loaded' ? { ...before, settings: { ...before.settings, ...changes } } : before,
    );
  };

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (token === undefined || loaded.status !== 'loaded' || saving) return;
    setSaving(true);
    try {
      const { settings } = await readPushSettings(token, loaded.settings);
      setLoaded({ status: 'loaded', settings });
      // The chat follows at once, offline too, not only at its next fetch.
      if (user) await followReadReceipts(user, token, settings.read_receipts);
      setNews(t.saved);
    } catch {
      setNews(t.failed);
    } finally {
      setSaving(false);
    }
  };

  const turnOn = async () => {
    const settings = await push.turnOn();
    if (settings) setLoaded({ status: 'loaded', settings });
  };

  const switches: [Switch, string, string?][] = [
    ['replies', t.replies],
    ['reminders', t.reminders],
    ['request_updates', t.requestUpdates],
    ['announcements', t.announcements, t.announcementsHint],
    ['show_text', t.showText, t.showTextHint],
    ['read_receipts', t.readReceipts, t.readReceiptsHint],
    ['text_fallback', t.textFallback, t.textFallbackHint],
  ];

  return (
    <Page title={t.title} subtitle={t.subtitle} nav={<BackToMenu />}>
      {push.availability !== undefined && token === undefined && (
        <div className="push">
          <p className="push__note">{t.verifyFirst}</p>
          <LinkButton to={paths.chat}>{t.openChat}</LinkButton>
        </div>
      )}
      {push.availability !== undefined && token !== undefined && (
        <div className="push">
          <p className="push__note">{push.subscribed ? t.on : t.off}</p>
          <PushBlocked availability={push.availability} />
          {push.subscribed ? (
            <Button variant="secondary" busy={push.busy} onClick={() => void push.turnOff()}>
              {t.turnOff}
            </Button>
          ) : (
            (push.availability === 'ask' || push.availability === 'granted') && (
              <Button busy={push.busy} onClick={() => void turnOn()}>
                {t.turnOn}
              </Button>
            )
          )}
          {push.failed && (
            <p className="push__note" role="alert">
              {t.failed}
            </p>
          )}
        </div>
      )}
      {token !== undefined && loaded.status === 'failed' && (
        <div className="push">
          <p className="push__note" role="alert">
            {t.loadFailed}
          </p>
          <Button
            variant="secondary"
            onClick={() => {
              setLoaded({ status: 'loading' });
              setAttempt((count) => count + 1);
            }}
          >
            {t.tryAgain}
          </Button>
        </div>
      )}
      {token !== undefined && loaded.status === 'loaded' && (
        <form className="form push" onSubmit={(event) => void save(event)} noValidate>
          {switches.map(([key, label, hint]) => (
            <Choice
              key={key}
              label={label}
              {...(hint ? { hint } : {})}
              checked={loaded.settings[key]}
              onChange={(on) => change({ [key]: on })}
            />
          ))}
          <fieldset>
            <legend className="push__title">{t.quietTitle}</legend>
            <p className="field__hint">{t.quietHint}</p>
            <div className="push__times">
              <InputField
                label={t.quietStart}
                type="time"
                value={loaded.settings.quiet_start}
                onChange={(event) => change({ quiet_start: event.target.value })}
                required
              />
              <InputField
                label={t.quietEnd}
                type="time"
                value={loaded.settings.quiet_end}
                onChange={(event) => change({ quiet_end: event.target.value })}
                required
              />
            </div>
          </fieldset>
          <Button type="submit" busy={saving}>
            {t.save}
          </Button>
          <p className="push__note" role="status">
            {news}
          </p>
        </form>
      )}
    </Page>
  );
}
