/**
 * A fixed-window counter per key, in memory (a restart forgets it), on the
 * caller's clock. The webhook counts by phone number with it: name and
 * number are a parent's only credential, so one number must not be tried,
 * or flooded, from many addresses at once, which the per-address limit
 * alone cannot see. Staff sign-in counts attempts by address with it.
 */
export interface WindowLimit {
  /** Counts one request for this key; the seconds to wait when it is over the limit. */
  hit(key: string, now: number): { allowed: true } | { allowed: false; retryAfterSeconds: number };
}

/** Expired windows are swept when this many keys are held, so a flood of made-up keys cannot grow the map without end. */
const SWEEP_AT = 10_000;

export function createWindowLimit(max: number, windowMs: number): WindowLimit {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const sweep = (now: number) => {
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  };
  return {
    hit(key, now) {
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        if (windows.size >= SWEEP_AT) sweep(now);
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      if (window.count <= max) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.ceil((window.resetAt - now) / 1000) };
    },
  };
}
