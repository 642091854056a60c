import { createThreadPoller, type ThreadPoller } from '../../../shared/conversation/fetch-policy.ts';
import { isPushOn, PUSH_CHANGED_EVENT } from '../../notifications/push-device.ts';

/**
 * The thread's fetch policy (createThreadPoller) run on this page: the browser's timers, whether the page is shown,
 * the connection coming back, and whether this device gets pushes, asked at once and again whenever it changes.
 * What else tells the poller (a message sent, a push heard) is its caller's; `stop` ends it all.
 */
export function startPagePoller(fetchThread: () => void): { poller: ThreadPoller; stop: () => void } {
  let pushOn = false;
  const poller = createThreadPoller(fetchThread, {
    visible: () => document.visibilityState === 'visible',
    pushOn: () => pushOn,
    setInterval: (run, ms) => window.setInterval(run, ms),
    clearInterval: (handle) => window.clearInterval(handle as number),
  });
  const onVisibility = () => poller.visibilityChanged();
  const onOnline = () => poller.online();
  const checkPush = () =>
    void isPushOn().then((on) => {
      pushOn = on;
      poller.pushChanged();
    });
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('online', onOnline);
  window.addEventListener(PUSH_CHANGED_EVENT, checkPush);
  poller.start();
  checkPush();
  return {
    poller,
    stop: () => {
      poller.stop();
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('online', onOnline);
      window.removeEventListener(PUSH_CHANGED_EVENT, checkPush);
    },
  };
}
