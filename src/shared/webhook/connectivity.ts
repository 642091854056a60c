/**
 * What webhook requests say about the connection: a request that got no
 * answer at all (network failure, timeout) reports 'offline', any HTTP answer
 * reports 'online'. DOM-free, so the same client can report from the page and
 * from the service worker; the page combines it with navigator.onLine, which
 * alone cannot tell a weak mobile connection from a working one.
 */
export type Connectivity = 'online' | 'offline';

type Listener = (connectivity: Connectivity) => void;

const REPORT = 'report';

export class ConnectivitySignal {
  private readonly target = new EventTarget();
  private last: Connectivity | undefined;

  /** The last report, or undefined before any request has finished. */
  get current(): Connectivity | undefined {
    return this.last;
  }

  /** Every report reaches the listeners, even a repeated one: each failed request is news. */
  report(connectivity: Connectivity): void {
    this.last = connectivity;
    this.target.dispatchEvent(new Event(REPORT));
  }

  /** Calls `listener` with every report from now on; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void {
    const onReport = () => {
      if (this.last) listener(this.last);
    };
    this.target.addEventListener(REPORT, onReport);
    return () => this.target.removeEventListener(REPORT, onReport);
  }
}

/** The one signal the webhook client reports to. */
export const connectivity = new ConnectivitySignal();
