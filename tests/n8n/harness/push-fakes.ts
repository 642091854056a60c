/**
 * What the push workflow talks to in `npm run n8n -- test`: the fake push service (tests/support/fake-push-service.ts,
 * on https://127.0.0.1, the one the reference server's tests use), which n8n trusts through NODE_EXTRA_CA_CERTS;
 * a VAPID key pair made for the run; the environment the workflows read; and a test-only workflow in front of each
 * sender that runs it at a moment the test names: POST { now } to <n8n>/webhook/thrive-push-test (ThrivePush) or
 * <n8n>/webhook/thrive-texts-test (ThriveTexts); without `now`, at the clock's time.
 */
import { createECDH } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENV, WORKFLOWS } from '../../../n8n/source/toolkit/ids.ts';
import { callWorkflow, respond, webhook } from '../../../n8n/source/toolkit/io-nodes.ts';
import { computed, type N8nNode } from '../../../n8n/source/toolkit/nodes.ts';
import { workflowJson } from '../../../n8n/source/toolkit/workflow.ts';
import { FakePushService } from '../../support/fake-push-service.ts';

export const PUSH_WRAPPER_PATH = 'thrive-push-test';
export const TEXTS_WRAPPER_PATH = 'thrive-texts-test';
export const VAPID_SUBJECT = 'mailto:programme@thrive.test';

/** The test wrapper of a sender: its webhook's `now` (none: the clock's) passed to the sender's "Run now". */
function runAtWrapper(sender: { id: string; name: string }, path: string): Record<string, unknown> {
  // With no item back (nothing was due), the call still answers.
  const call = { ...callWorkflow(`Call ${sender.id}`, [480, 0], sender.id), alwaysOutputData: true };
  return workflowJson({
    id: `${sender.id}Test`,
    name: `${sender.name} (test wrapper)`,
    nodes: [
      webhook('Request', [0, 0], path),
      computed('At', [240, 0], '$json.body.now ? { now: $json.body.now } : {}'),
      call as N8nNode,
      respond('Done', [720, 0], { status: 200, body: 'done' }),
    ],
    links: [
      ['Request', 0, 'At'],
      ['At', 0, `Call ${sender.id}`],
      [`Call ${sender.id}`, 0, 'Done'],
      [`Call ${sender.id}`, 1, 'Done'],
    ],
  });
}

const WRAPPERS = [
  { sender: { id: WORKFLOWS.push.id, name: 'Thrive push' }, path: PUSH_WRAPPER_PATH },
  { sender: { id: WORKFLOWS.texts.id, name: 'Thrive texts' }, path: TEXTS_WRAPPER_PATH },
];

export interface PushFakes {
  service: FakePushService;
  vapid: { publicKey: string; privateKey: string };
  /** The test wrappers' files, to import and publish beside the workflows. */
  wrapperPaths: string[];
  /** What n8n's processes need: the VAPID keys, node:crypto allowed, the fake service's certificate trusted. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startPushFakes(): Promise<PushFakes> {
  const service = await FakePushService.start();
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const vapid = { publicKey: ecdh.getPublicKey('base64url'), privateKey: ecdh.getPrivateKey('base64url') };
  const folder = mkdtempSync(join(tmpdir(), 'thrive-push-'));
  const wrapperPaths = WRAPPERS.map(({ sender, path }) => {
    const file = join(folder, `${path}.workflow.json`);
    writeFileSync(file, JSON.stringify(runAtWrapper(sender, path)));
    return file;
  });
  return {
    service,
    vapid,
    wrapperPaths,
    env: {
      [ENV.vapidPublicKey]: vapid.publicKey,
      [ENV.vapidPrivateKey]: vapid.privateKey,
      [ENV.vapidSubject]: VAPID_SUBJECT,
      NODE_FUNCTION_ALLOW_BUILTIN: 'crypto,url',
      NODE_EXTRA_CA_CERTS: service.writeCaFile(),
      // The fake push service is the one push service.
      [ENV.pushServiceHosts]: '127.0.0.1',
    },
    async stop() {
      await service.close();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
