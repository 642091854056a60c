/** The text suites' set-up (not a test file): a push portal that texts through a fake gateway, the wait shortened. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { TextMessage } from '../../../../server/push/text-fallback.ts';
import { FakePushService } from '../../../support/fake-push-service.ts';
import { startPushPortal, type PushPortal } from './push-portal.ts';

/** The wait before a text, shortened by its setting (TEXT_FALLBACK_WAIT_S), the rule unchanged. */
export const WAIT_S = 600;
export const MINUTE = 60_000;

/** It answers each text with the next status given, and keeps every text it is sent (tries) and those it took (texts). */
export class FakeGateway {
  readonly texts: { body: TextMessage; authorization: string | undefined }[] = [];
  readonly tries: TextMessage[] = [];
  answers: number[] = [];
  private constructor(private readonly server: Server) {}

  static async start(): Promise<FakeGateway> {
    const gateway: FakeGateway = new FakeGateway(
      createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          const status = gateway.answers.shift() ?? 200;
          const text = JSON.parse(body) as TextMessage;
          gateway.tries.push(text);
          if (status === 200) gateway.texts.push({ body: text, authorization: request.headers.authorization });
          response.writeHead(status).end();
        });
      }),
    );
    await new Promise<void>((resolve) => gateway.server.listen(0, '127.0.0.1', resolve));
    return gateway;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/texts`;
  }

  /** Forgets what it was sent, before the next test. */
  reset(): void {
    this.texts.length = 0;
    this.tries.length = 0;
    this.answers = [];
  }

  close = () => new Promise<void>((resolve) => this.server.close(() => resolve()));
}

export interface TextSuite {
  p: PushPortal;
  gateway: FakeGateway;
  /** Moves the server's clock on and lets the push and text queues do what is due. */
  after(ms: number): Promise<void>;
  /** The texts the gateway took for a number. */
  textsTo(number: string): FakeGateway['texts'];
}

/** One fake push service and gateway for the file, and a fresh texting portal for every test, given to `take`. */
export function textPortalPerTest(take: (suite: TextSuite) => void): void {
  let service: FakePushService;
  let gateway: FakeGateway;
  let p: PushPortal;
  beforeAll(async () => {
    service = await FakePushService.start();
    gateway = await FakeGateway.start();
  });
  afterAll(async () => {
    await service.close();
    await gateway.close();
  });
  beforeEach(async () => {
    gateway.reset();
    p = await startPushPortal(service, {
      NOTIFY_WEBHOOK_URL: gateway.url,
      NOTIFY_WEBHOOK_TOKEN: 'gateway-secret',
      PORTAL_HOST: 'portal.thrive.example',
      TEXT_FALLBACK_WAIT_S: String(WAIT_S),
    });
    take({
      p,
      gateway,
      async after(ms) {
        p.clock.now = new Date(p.clock.now.getTime() + ms);
        await p.push.drain();
        await p.push.texts.drain();
      },
      textsTo: (number) => gateway.texts.filter((text) => text.body.phone === number),
    });
  });
  afterEach(() => p.dispose());
}
