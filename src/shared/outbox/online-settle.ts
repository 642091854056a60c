import { awaitsConnection, onlineSettleMs } from './policy.ts';
import type { OutboxItem, PassReport } from './types.ts';

export interface OnlineSettleDeps {
  /** A pass that ignores backoff ('now'). */
  drain(): Promise<PassReport | undefined>;
  list(): Promise<Pick<OutboxItem, 'state' | 'lastError'>[]>;
  /** Whether the browser says it has a network (navigator.onLine in a page). */
  online(): boolean;
}

/**
 * Follows a pass made while the browser says it is online: if it found no connection, it is tried again after a
 * moment, then after twice as long, as policy.ts's onlineSettleMs says, instead of after the backoff. Any pass
 * qualifies, not only the one `online` starts: a page that starts (and makes its start pass) between the browser's
 * `online` and the network carrying requests heard no `online` to wait for. The tries stop once a pass gets an
 * answer, the browser says offline (its next `online` starts them again) or they are used up.
 */
export function createOnlineSettle(deps: OnlineSettleDeps): (pass: Promise<PassReport | undefined>) => void {
  const follow = (pass: Promise<PassReport | undefined>, tried: number) => {
    pass
      .then(async (report) => {
        const wait = onlineSettleMs(tried);
        if (wait === undefined || !report || report.waiting.length === 0 || !deps.online()) return;
        if (awaitsConnection(await deps.list())) setTimeout(() => follow(deps.drain(), tried + 1), wait);
      })
      // Failures are recorded on the items, and the outbox's timer tries again.
      .catch(() => undefined);
  };
  return (pass) => follow(pass, 0);
}
