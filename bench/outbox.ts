/**
 * Benchmark (not a test): stores 100 submissions, then times one pass of
 * the outbox's sender against a local webhook on 127.0.0.1 that answers 200. Runs the
 * real outbox, store, guard and webhook client in Node over fake-indexeddb,
 * so it measures the outbox's own cost (IndexedDB writes, guard, encoding)
 * plus one local HTTP round trip per item. Every fourth item is a chat
 * message with a 32 KB attachment, encoded to base64 at send time.
 */
import 'fake-indexeddb/auto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createNotifier } from '../src/shared/outbox/notify.ts';
import { createOutbox, newItem } from '../src/shared/outbox/outbox.ts';
import { createOutboxStore } from '../src/shared/outbox/store.ts';
import { withBlobAttachments } from '../src/shared/outbox/wire.ts';
import { sendToWebhook } from '../src/shared/webhook/client.ts';
import { buildEnvelope } from '../src/shared/webhook/envelope.ts';

const ITEMS = 100;
const ATTACHMENT_BYTES = 32 * 1024;
const user = { name: 'Bench Parent', number: '9876543210' };

const received = new Map<string, number>();
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const { request_id } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { request_id: string };
    received.set(request_id, (received.get(request_id) ?? 0) + 1);
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end('{"message":"ok"}');
  });
});
await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhook`;

const store = createOutboxStore();
const outbox = createOutbox({
  store,
  send: (envelope) => sendToWebhook(envelope, { url }),
  encodeBase64: async (blob) => Buffer.from(await blob.arrayBuffer()).toString('base64'),
  notifier: createNotifier(null),
  setTimer: null,
  requestPersistence: async () => false,
});

const attachment = new File([new Uint8Array(ATTACHMENT_BYTES).fill(7)], 'worksheet.png', { type: 'image/png' });
for (let index = 0; index < ITEMS; index += 1) {
  const envelope =
    index % 4 === 3
      ? withBlobAttachments(
          buildEnvelope({
            action: 'chat_facilitator',
            user,
            payload: { message: `Message ${index}`, attachments: [] },
          }),
          [attachment],
        )
      : buildEnvelope({ action: 'reschedule_single', user, payload: { date: '2026-12-01' }, note: `Item ${index}` });
  await store.add(envelope.request_id, (seq) => newItem(envelope, seq, Date.now()));
}

const started = performance.now();
const report = await outbox.drain();
const elapsed = performance.now() - started;

outbox.close();
server.closeAllConnections();
server.close();

const duplicates = [...received.values()].filter((count) => count > 1).length;
if (report?.delivered !== ITEMS || received.size !== ITEMS || duplicates > 0) {
  console.error('outbox replay did not deliver every item exactly once', {
    report,
    received: received.size,
    duplicates,
  });
  process.exit(1);
}
console.log(
  `outbox replay: ${ITEMS} items in ${Math.round(elapsed)} ms (${Math.round((ITEMS / elapsed) * 1000)} items/s)`,
);
