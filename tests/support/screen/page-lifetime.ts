import { resolve } from 'node:path';
import { vi } from 'vitest';

const APP_SOURCE = resolve(import.meta.dirname, '../../../src');

/**
 * A page opened in the worker's one happy-dom window, and a way to close it: what the page's code attaches to the
 * window, the document and the navigator while it is open (the app's event listeners, BroadcastChannels, properties a
 * test defines), and the body it draws, are taken away when it closes, as a closed tab takes them. A module of an
 * earlier file then never acts in a later one: an outbox listening for 'online', say, or for another tab's news.
 * Listeners the test libraries add once per document (user-event's) stay, as the document does.
 */
export function openPage(): () => void {
  const closing: (() => void)[] = [];
  for (const target of [window, document] as EventTarget[]) {
    const add = target.addEventListener;
    target.addEventListener = function (this: EventTarget, type, listener, options) {
      if (new Error().stack?.includes(APP_SOURCE))
        closing.push(() => target.removeEventListener(type, listener, options));
      add.call(this, type, listener, options);
    };
    closing.push(() => {
      target.addEventListener = add;
    });
  }
  const Channel = globalThis.BroadcastChannel;
  globalThis.BroadcastChannel = class PageChannel extends Channel {
    constructor(name: string) {
      super(name);
      closing.push(() => this.close());
    }
  };
  closing.push(() => {
    globalThis.BroadcastChannel = Channel;
  });
  const navigatorHad = new Set(Reflect.ownKeys(navigator));
  closing.push(() => {
    for (const key of Reflect.ownKeys(navigator)) if (!navigatorHad.has(key)) Reflect.deleteProperty(navigator, key);
  });
  return () => {
    vi.useRealTimers();
    for (const close of closing.reverse()) close();
    document.body.replaceChildren();
  };
}
