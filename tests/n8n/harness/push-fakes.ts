/**
 * What the push workflow talks to in `npm run n8n -- test`: the fake push service (tests/support/fake-push-service.ts,
 * on https://127.0.0.1, the one the reference server's tests use), which n8n trusts through NODE_EXTRA_CA_CERTS;
 * a VAPID key pair made for the run; the environment the workflows read; and a test-only workflow in front of
 * ThrivePush that runs it at a moment the test names: POST { now } to <n8n>/webhook/thrive-push-test.
 */
import { createECDH } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ENV, WORKFLOWS } from '../../../n8n/source/toolkit/ids.ts';
import { callWorkflow, respond, webhook } from '../../../n8n/source/toolkit/io-nodes.ts';
import { set, type N8nNode } from '../../../n8n/source/toolkit/nodes.ts';
import { workflowJson } from '../../../n8n/source/toolkit/workflow.ts';
import { FakePushService } from '../../support/fake-push-service.ts';

export const PUSH_WRAPPER_PATH = 'thrive-push-test';
export const VAPID_SUBJECT = 'mailto:programme@thrive.test';

function pushWrapper(): Record<string, unknown> {
  // With no item back (nothing was due), the call still answers.
  const call = { ...callWorkflow('Call ThrivePush', [480, 0], WORKFLOWS.push.id), alwaysOutputData: true };
  return workflowJson({
    id: 'ThrivePushTest',
    name: 'Thrive push (test wrapper)',
    nodes: [
      webhook('Request', [0, 0], PUSH_WRAPPER_PATH),
      set('At', [240, 0], { now: ['string', '={{ $json.body.now }}'] }),
      call as N8nNode,
      respond('Done', [720, 0], { status: 200, body: 'done' }),
    ],
    links: [
      ['Request', 0, 'At'],
      ['At', 0, 'Call ThrivePush'],
      ['Call ThrivePush', 0, 'Done'],
      ['Call ThrivePush', 1, 'Done'],
    ],
  });
}

export interface PushFakes {
  service: FakePushService;
  vapid: { publicKey: string; privateKey: string };
  wrapperPath: string;
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
  const wrapperPath = join(folder, 'push-wrapper.workflow.json');
  writeFileSync(wrapperPath, JSON.stringify(pushWrapper()));
  return {
    service,
    vapid,
    wrapperPath,
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
