import { useEffect, useState } from 'react';
import type { OutboxEntry } from '../../shared/outbox/types.ts';
import type { User } from '../../shared/webhook/types.ts';
import { env } from '../../config/env.ts';
import { pageOutbox } from '../../shared/outbox/portal-outbox.ts';
import { itemsOf } from './parent-items.ts';

/** This parent's requests in the outbox, oldest first, kept current; undefined until first read. */
export function useOutboxEntries(user: User | null): OutboxEntry[] | undefined {
  const [entries, setEntries] = useState<OutboxEntry[]>();
  useEffect(() => {
    if (!user) return undefined;
    const outbox = pageOutbox(env.webhookUrl);
    let live = true;
    // Reads can overlap when events come quickly: only the latest read may land.
    let latest = 0;
    const load = () => {
      const read = ++latest;
      outbox
        .list()
        .then((items) => {
          if (live && read === latest) setEntries(itemsOf(items, user));
        })
        .catch(() => {
          // Storage unreadable: nothing can be shown, and nothing was lost by not showing it.
          if (live && read === latest) setEntries([]);
        });
    };
    const unsubscribe = outbox.subscribe(load);
    load();
    return () => {
      live = false;
      unsubscribe();
    };
  }, [user]);
  return entries;
}
