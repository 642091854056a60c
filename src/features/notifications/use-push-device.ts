import { useCallback, useEffect, useState } from 'react';
import type { NotificationSettings } from '../../shared/webhook/push.ts';
import type { User } from '../../shared/webhook/types.ts';
import { browserPush, pushAvailability, type PushAvailability } from './push-availability.ts';
import {
  browserSubscription,
  deviceToken,
  readPushSettings,
  subscribeDevice,
  unsubscribeDevice,
} from './push-device.ts';

export interface PushDevice {
  /** Undefined until read after hydration: the prerendered page knows no browser. */
  availability: PushAvailability | undefined;
  token: string | undefined;
  subscribed: boolean;
  busy: boolean;
  failed: boolean;
  /** Asks the browser (this tap is the only place that does), subscribes, and tells the server. */
  turnOn(): Promise<NotificationSettings | undefined>;
  turnOff(): Promise<void>;
}

/** This phone's notifications as a screen shows and changes them. */
export function usePushDevice(user: User | null): PushDevice {
  const [availability, setAvailability] = useState<PushAvailability>();
  const [token, setToken] = useState<string>();
  const [subscribed, setSubscribed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    const browser = pushAvailability(browserPush());
    void Promise.all([
      user ? deviceToken(user).catch(() => undefined) : undefined,
      browser === 'granted' ? browserSubscription() : null,
    ]).then(([saved, subscription]) => {
      if (!live) return;
      setAvailability(browser);
      setToken(saved);
      setSubscribed(subscription !== null);
    });
    return () => {
      live = false;
    };
  }, [user]);

  const turnOn = useCallback(async () => {
    if (token === undefined) return undefined;
    setBusy(true);
    setFailed(false);
    try {
      const permission = await Notification.requestPermission();
      setAvailability(pushAvailability(browserPush()));
      if (permission !== 'granted') return undefined;
      const { public_key } = await readPushSettings(token);
      const settings = await subscribeDevice(token, public_key);
      setSubscribed(true);
      return settings;
    } catch {
      setFailed(true);
      return undefined;
    } finally {
      setBusy(false);
    }
  }, [token]);

  const turnOff = useCallback(async () => {
    setBusy(true);
    setFailed(false);
    try {
      await unsubscribeDevice(token);
      setSubscribed(false);
    } finally {
      setBusy(false);
    }
  }, [token]);

  return { availability, token, subscribed, busy, failed, turnOn, turnOff };
}
