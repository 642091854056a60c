import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendToWebhook } from '../../../../src/shared/webhook/client.ts';
import { connectivity, ConnectivitySignal, type Connectivity } from '../../../../src/shared/webhook/connectivity.ts';
import { buildEnvelope } from '../../../../src/shared/webhook/envelope.ts';

describe('ConnectivitySignal', () => {
  it('knows nothing before the first report', () => {
    expect(new ConnectivitySignal().current).toBeUndefined();
  });

  it('keeps the last report', () => {
    const signal = new ConnectivitySignal();
    signal.report('offline');
    signal.report('online');
    expect(signal.current).toBe('online');
  });

  it('passes every report to its listeners, repeated ones included', () => {
    const signal = new ConnectivitySignal();
    const heard: Connectivity[] = [];
    signal.subscribe((state) => heard.push(state));
    signal.report('offline');
    signal.report('offline');
    signal.report('online');
    expect(heard).toEqual(['offline', 'offline', 'online']);
  });

  it('stops calling a listener once it unsubscribes', () => {
    const signal = new ConnectivitySignal();
    const listener = vi.fn();
    const unsubscribe = signal.subscribe(listener);
    unsubscribe();
    signal.report('offline');
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('sendToWebhook reports what a request says about the connection', () => {
  const envelope = buildEnvelope({
    action: 'know_schedule',
    user: { name: 'Asha', number: '9876543210' },
    payload: {},
  });
  const URL = 'https://hooks.example/webhook';
  let heard: Connectivity[] = [];
  let unsubscribe = connectivity.subscribe((state) => heard.push(state));

  afterEach(() => {
    unsubscribe();
    heard = [];
    unsubscribe = connectivity.subscribe((state) => heard.push(state));
  });

  const answering =
    (status: number): typeof fetch =>
    async () =>
      new Response('body', { status });
  const failing: typeof fetch = async () => {
    throw new TypeError('Failed to fetch');
  };
  const hanging: typeof fetch = (_url, init) =>
    new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });

  it.each([
    ['a 200 answer', answering(200), 'online'],
    ['a 500 answer: the server answered, so the connection works', answering(500), 'online'],
    ['a 404 answer', answering(404), 'online'],
    ['a failed fetch', failing, 'offline'],
    ['a timeout', hanging, 'offline'],
  ] as const)('reports %s as %s', async (_case, fetchImpl, expected) => {
    await sendToWebhook(envelope, { url: URL, fetch: fetchImpl, timeoutMs: 20 }).catch(() => undefined);
    expect(heard).toEqual([expected]);
    expect(connectivity.current).toBe(expected);
  });

  it('reports nothing when the caller aborts: that says nothing about the network', async () => {
    const controller = new AbortController();
    const sending = sendToWebhook(envelope, { url: URL, fetch: hanging, signal: controller.signal });
    controller.abort();
    await sending.catch(() => undefined);
    expect(heard).toEqual([]);
  });
});
