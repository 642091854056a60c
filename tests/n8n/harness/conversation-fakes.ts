/**
 * What the conversation and housekeeping workflows talk to, faked on
 * 127.0.0.1 for `npm run n8n -- test`: the code gateway (THRIVE_CODE_GATEWAY_URL,
 * the shape of server/conversation/code-sender.ts) and the Slack Web API's
 * chat.postMessage for the error workflow (THRIVE_SLACK_API_URL). Each
 * records what it was sent; the gateway can be told to fail once.
 */
import { EventEmitter } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CREDENTIALS } from '../../../n8n/source/workflow/ids.ts';
import { ENV, WORKFLOWS } from '../../../n8n/source/conversation/ids.ts';
import { conversationWrapper, WRAPPER_ID } from './conversation-wrapper.ts';

export interface Recorded {
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface Recorder {
  url: string;
  calls: Recorded[];
  /** The next call is answered with this status. */
  failNext(status: number): void;
  /** The call numbered `index` (0 first), as soon as it has arrived; rejects after `timeoutMs`. */
  call(index: number, timeoutMs: number): Promise<Recorded>;
  close(): Promise<void>;
}

async function startRecorder(answer: (call: Recorded) => unknown): Promise<Recorder> {
  const calls: Recorded[] = [];
  const arrived = new EventEmitter();
  let failure: number | undefined;
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
      const status = failure ?? 200;
      failure = undefined;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(status === 200 ? answer(call) : { error: 'failing as told' }));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    failNext: (status) => (failure = status),
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
  slackToken: 'test-bot-token-3c9d',
  admin: 'test-admin-secret-51e7',
};
export const STAFF_CHANNEL = '#thrive-staff';
export const PORTAL_HOST = 'portal.test';

export interface ConversationFakes {
  gateway: Recorder;
  slack: Recorder;
  /** What startN8n imports and publishes besides the portal webhook, and the environment and credentials they need. */
  more: { workflows: { id: string; path: string }[]; env: Record<string, string>; credentials: object[] };
  stop(): Promise<void>;
}

export async function startConversationFakes(): Promise<ConversationFakes> {
  const gateway = await startRecorder(() => ({ accepted: true }));
  const slack = await startRecorder((call) => ({ ok: true, channel: call.body.channel, ts: `${Date.now() / 1000}` }));
  const folder = mkdtempSync(join(tmpdir(), 'thrive-conversation-'));
  const wrapperPath = join(folder, 'wrapper.workflow.json');
  writeFileSync(wrapperPath, JSON.stringify(conversationWrapper()));
  const { id, name } = CREDENTIALS.slack.slackApi;
  return {
    gateway,
    slack,
    more: {
      workflows: [...Object.values(WORKFLOWS), { id: WRAPPER_ID, path: wrapperPath }],
      env: {
        [ENV.codeGatewayUrl]: `${gateway.url}/send`,
        [ENV.portalHost]: PORTAL_HOST,
        [ENV.slackSigningSecret]: SECRETS.slackSigning,
        [ENV.slackApiUrl]: slack.url,
        [ENV.staffChannel]: STAFF_CHANNEL,
        [ENV.adminSecret]: SECRETS.admin,
      },
      credentials: [{ id, name, type: 'slackApi', data: { accessToken: SECRETS.slackToken } }],
    },
    async stop() {
      await Promise.all([gateway.close(), slack.close()]);
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
