/**
 * A push service on https://127.0.0.1 for the tests and the push bench, standing where FCM or
 * Mozilla's autopush stand, so no test needs the internet. It hands out
 * subscriptions (it makes their P-256 keys and auth secret, as the browser
 * would, so it can decrypt), checks each push as a real service and browser
 * do (fake-push-crypto.ts), records its TTL, Urgency and Topic, answers 201,
 * and lets a test script an endpoint's answer (404, 410, 429 with Retry-After,
 * 5xx). A test waits for the next push as an event: `nextPush()`. A push the
 * service or the browser would refuse rejects that wait with the reason.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PushSubscriptionJson } from '../../src/shared/webhook/push.ts';
import {
  checkVapid,
  decryptPush,
  subscriptionKeys,
  type SubscriptionKeys,
  type VapidClaims,
} from './fake-push-crypto.ts';
import { selfSignedCertificate } from './fake-push-tls.ts';

export interface FakeSubscription {
  id: string;
  /** What PushSubscription.toJSON() gives the page. */
  json: PushSubscriptionJson;
  keys: SubscriptionKeys;
  /** The VAPID public key the page subscribed with: a push signed with another key is refused. */
  applicationServerKey?: string;
}

export interface ReceivedPush {
  subscriptionId?: string;
  endpoint: string;
  /** What the service answered. */
  status: number;
  /** Why the service or the browser would refuse this push; nextPush() rejects with it. */
  refusal?: string;
  ttl?: number;
  urgency?: string;
  topic?: string;
  vapid?: VapidClaims;
  /** The encrypted body's size. */
  bodyBytes: number;
  /** The decrypted payload, and its JSON when it parses. */
  text?: string;
  json?: unknown;
  receivedAt: number;
}

export interface ScriptedAnswer {
  status: number;
  /** Sent as Retry-After (seconds, or an HTTP date). */
  retryAfter?: string | number;
  /** How many pushes get this answer (default 1; Infinity for every one after). */
  times?: number;
  /** Holds the answer until this settles: the push is received (and nextPush sees it), its sender still waits. */
  until?: Promise<unknown>;
}

const MAX_BODY_BYTES = 4096;
const URGENCIES = new Set(['very-low', 'low', 'normal', 'high']);
const TOPIC = /^[A-Za-z0-9_-]{1,32}$/;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export class FakePushService {
  readonly received: ReceivedPush[] = [];
  private readonly subscriptions = new Map<string, FakeSubscription>();
  private readonly scripts = new Map<string, ScriptedAnswer[]>();
  private readonly taken = new Set<ReceivedPush>();
  private readonly waiters = new Set<() => void>();
  private readonly listeners = new Set<(push: ReceivedPush) => void>();
  /** The folders writeCaFile made, removed on close. */
  private readonly caFolders: string[] = [];

  private readonly server: Server;
  /** Trust this to reach the service: an https.Agent's `ca`, or NODE_EXTRA_CA_CERTS for a process. */
  readonly certPem: string;
  private port = 0;

  private constructor() {
    const { certPem, keyPem } = selfSignedCertificate();
    this.certPem = certPem;
    this.server = createServer({ cert: certPem, key: keyPem }, (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        const { status, headers, until } = this.receive(request.method ?? '', request.url ?? '', request.headers, body);
        void Promise.resolve(until).finally(() => {
          if (!response.destroyed) response.writeHead(status, headers).end();
        });
      });
    });
  }

  static async start(): Promise<FakePushService> {
    const service = new FakePushService();
    await new Promise<void>((resolve) => service.server.listen(0, '127.0.0.1', resolve));
    service.port = (service.server.address() as AddressInfo).port;
    return service;
  }

  /** https://127.0.0.1:<port>: every endpoint's origin, and the audience a VAPID JWT must name. */
  get origin(): string {
    return `https://127.0.0.1:${this.port}`;
  }

  /** A new subscription, as pushManager.subscribe() would give it. */
  subscribe(options: { applicationServerKey?: string } = {}): FakeSubscription {
    const id = randomUUID();
    const keys = subscriptionKeys();
    const subscription: FakeSubscription = {
      id,
      keys,
      json: {
        endpoint: `${this.origin}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: keys.p256dh, auth: keys.auth },
      },
      ...(options.applicationServerKey ? { applicationServerKey: options.applicationServerKey } : {}),
    };
    this.subscriptions.set(id, subscription);
    return subscription;
  }

  /** Scripts the answer to the subscription's next pushes. */
  answer(subscription: FakeSubscription, answer: ScriptedAnswer): this {
    const list = this.scripts.get(subscription.id) ?? [];
    list.push({ ...answer, times: answer.times ?? 1 });
    this.scripts.set(subscription.id, list);
    return this;
  }

  /** The subscription is gone for good, as when the browser unsubscribed: every push gets `status`. */
  expire(subscription: FakeSubscription, status: 404 | 410 = 410): this {
    this.subscriptions.delete(subscription.id);
    return this.answer(subscription, { status, times: Infinity });
  }

  /**
   * The next push not yet taken by an earlier call, that matches `filter`:
   * one already received, or the next to come. Rejects when it was refused,
   * or when none came within `timeoutMs` (a bound for a failing test, not a wait).
   */
  nextPush(filter: (push: ReceivedPush) => boolean = () => true, timeoutMs = 10_000): Promise<ReceivedPush> {
    return new Promise((resolve, reject) => {
      const look = () => {
        const push = this.received.find((p) => !this.taken.has(p) && filter(p));
        if (!push) return;
        this.taken.add(push);
        this.waiters.delete(look);
        clearTimeout(timer);
        if (push.refusal) reject(new Error(`The push to ${push.endpoint} was refused: ${push.refusal}`));
        else resolve(push);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(look);
        reject(new Error(`No push within ${timeoutMs} ms; received ${this.received.length} in all`));
      }, timeoutMs);
      this.waiters.add(look);
      look();
    });
  }

  /**
   * Calls `listener` with every push from now on, as it is received: for a
   * bench counting thousands, where a nextPush() per push would look through
   * every push received for each. Returns the call that stops it.
   */
  onPush(listener: (push: ReceivedPush) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The pushes received for a subscription so far. */
  pushesTo(subscription: FakeSubscription): ReceivedPush[] {
    return this.received.filter((p) => p.subscriptionId === subscription.id);
  }

  /** An https.Agent that trusts this service, for a sender in the test's own process. */
  agent(): Agent {
    return new Agent({ ca: this.certPem, keepAlive: true });
  }

  /** Writes the certificate to a file, for NODE_EXTRA_CA_CERTS of a server process. */
  writeCaFile(): string {
    const folder = mkdtempSync(join(tmpdir(), 'fake-push-'));
    this.caFolders.push(folder);
    const path = join(folder, 'ca.pem');
    writeFileSync(path, this.certPem);
    return path;
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const folder of this.caFolders.splice(0)) rmSync(folder, { recursive: true, force: true });
  }

  private receive(method: string, url: string, headers: Record<string, string | string[] | undefined>, body: Buffer) {
    const id = /^\/push\/([\w-]+)$/.exec(url)?.[1];
    const subscription = id ? this.subscriptions.get(id) : undefined;
    const header = (name: string) => {
      const value = headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const ttl = header('ttl');
    const push: ReceivedPush = {
      ...(id ? { subscriptionId: id } : {}),
      endpoint: `${this.origin}${url}`,
      status: 201,
      ...(ttl !== undefined ? { ttl: Number(ttl) } : {}),
      ...(header('urgency') ? { urgency: header('urgency') } : {}),
      ...(header('topic') ? { topic: header('topic') } : {}),
      bodyBytes: body.length,
      receivedAt: Date.now(),
    };
    const script = id ? this.scripts.get(id)?.[0] : undefined;
    const refuse = (status: number, reason: string) => Object.assign(push, { status, refusal: reason });
    try {
      if (method !== 'POST') refuse(405, `${method} instead of POST`);
      else if (!subscription && !script) push.status = 404;
      else if (ttl === undefined || !/^\d+$/.test(ttl)) refuse(400, 'no TTL header');
      else if (push.urgency !== undefined && !URGENCIES.has(push.urgency)) refuse(400, `Urgency ${push.urgency}`);
      else if (push.topic !== undefined && !TOPIC.test(push.topic)) refuse(400, `Topic ${push.topic}`);
      else if (header('content-encoding') !== 'aes128gcm')
        refuse(415, `Content-Encoding ${header('content-encoding')}`);
      else if (body.length > MAX_BODY_BYTES) refuse(413, `a ${body.length}-byte body`);
      else {
        const vapid = checkVapid(header('authorization'), this.origin, push.receivedAt);
        push.vapid = vapid.claims;
        if (subscription?.applicationServerKey && vapid.key !== subscription.applicationServerKey) {
          refuse(403, 'signed with another key than the subscription’s');
        } else if (subscription) {
          push.text = decryptPush(body, subscription.keys).toString('utf8');
          push.json = parseJson(push.text);
        }
      }
    } catch (error) {
      refuse(push.vapid ? 201 : 401, (error as Error).message);
    }
    let answerHeaders: Record<string, string> = {};
    const until = !push.refusal ? script?.until : undefined;
    if (!push.refusal && script && id) {
      push.status = script.status;
      if (script.retryAfter !== undefined) answerHeaders = { 'Retry-After': String(script.retryAfter) };
      script.times = (script.times ?? 1) - 1;
      if (script.times <= 0) this.scripts.get(id)?.shift();
    } else if (push.status === 201) {
      answerHeaders = { Location: `${this.origin}/message/${randomUUID()}` };
    }
    this.received.push(push);
    for (const wake of [...this.waiters]) wake();
    for (const listener of this.listeners) listener(push);
    return { status: push.status, headers: answerHeaders, until };
  }
}
