/**
 * What the conversation and texts workflows talk to besides Slack (the fake
 * Slack Web API is fake-slack.ts), for `npm run n8n -- test`: the code
 * gateway (THRIVE_CODE_GATEWAY_URL, the shape of
 * server/conversation/code-sender.ts) and the text gateway
 * (THRIVE_NOTIFY_WEBHOOK_URL, the reference server's NOTIFY_WEBHOOK_URL) on
 * 127.0.0.1, each recording what it was sent and failing when told to; and
 * the environment the conversation, texts and housekeeping workflows read,
 * with the test wrapper workflow beside them.
 */
import { EventEmitter } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENV } from '../../../n8n/source/toolkit/ids.ts';
import { conversationWrapper } from './conversation-wrapper.ts';

export interface Recorded {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface Recorder {
  url: string;
  calls: Recorded[];
  /** The next `times` calls (one unless said) are answered with this status. */
  failNext(status: number, times?: number): void;
  /** The call numbered `index` (0 first), as soon as it has arrived; rejects after `timeoutMs`. */
  call(index: number, timeoutMs: number): Promise<Recorded>;
  close(): Promise<void>;
}

async function startRecorder(answer: (call: Recorded) => unknown): Promise<Recorder> {
  const calls: Recorded[] = [];
  const arrived = new EventEmitter();
  let failure: { status: number; left: number } | undefined;
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const call = {
        path: request.url ?? '',
        headers: request.headers,
        body: JSON.parse(text || '{}') as Recorded['body'],
      };
      calls.push(call);
      arrived.emit('call');
      const status = failure?.status ?? 200;
      if (failure) {
        failure.left -= 1;
        if (failure.left === 0) failure = undefined;
      }
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(status === 200 ? answer(call) : { error: 'failing as told' }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    failNext: (status, times = 1) => (failure = { status, left: times }),
    call: (index, timeoutMs) =>
      new Promise((done, fail) => {
        const timer = setTimeout(() => {
          arrived.off('call', check);
          fail(new Error(`no call ${index} within ${timeoutMs} ms`));
        }, timeoutMs);
        const check = () => {
          const call = calls[index];
          if (!call) return;
          clearTimeout(timer);
          arrived.off('call', check);
          done(call);
        };
        arrived.on('call', check);
        check();
      }),
    close: () => new Promise((done) => server.close(() => done())),
  };
}

export const SECRETS = {
  slackSigning: 'test-signing-secret-8f2a',
  admin: 'test-admin-secret-51e7',
};
export const PORTAL_HOST = 'portal.test';
/** The text gateway's bearer token (THRIVE_NOTIFY_WEBHOOK_TOKEN). */
export const NOTIFY_TOKEN = 'test-notify-token-3c9d';

export interface ConversationFakes {
  gateway: Recorder;
  /** Where texts for notifications not seen go. */
  textGateway: Recorder;
  /** The test wrapper workflow's file, to import and publish beside the others. */
  wrapperPath: string;
  /** What the workflows read from the environment. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startConversationFakes(): Promise<ConversationFakes> {
  const gateway = await startRecorder(() => ({ accepted: true }));
  const textGateway = await startRecorder(() => ({ accepted: true }));
  const folder = mkdtempSync(join(tmpdir(), 'thrive-conversation-'));
  const wrapperPath = join(folder, 'wrapper.workflow.json');
  writeFileSync(wrapperPath, JSON.stringify(conversationWrapper()));
  return {
    gateway,
    textGateway,
    wrapperPath,
    env: {
      [ENV.codeGatewayUrl]: `${gateway.url}/send`,
      [ENV.portalHost]: PORTAL_HOST,
      [ENV.slackSigningSecret]: SECRETS.slackSigning,
      [ENV.adminSecret]: SECRETS.admin,
      [ENV.notifyWebhookUrl]: `${textGateway.url}/texts`,
      [ENV.notifyWebhookToken]: NOTIFY_TOKEN,
    },
    async stop() {
      await gateway.close();
      await textGateway.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
