import { describe, expect, it } from 'vitest';
import { ATTACHMENT_TYPES, SNIFF_BYTES, sniffMatches } from '../../../../src/shared/rules/attachment.ts';
import { chat } from '../../../support/envelopes.ts';
import { HOSTILE_HEADS, MEDIA_HEADS } from '../../../support/media-samples.ts';
import { contract, runNode } from '../support/workflow.ts';

const HEADS = { ...MEDIA_HEADS, ...HOSTILE_HEADS } as Record<string, Uint8Array | Buffer | number[]>;

/** "Check request" on a chat carrying one file with these first bytes, declared as `mimetype`: refused or not. */
async function refused(mimetype: string, head: Buffer): Promise<boolean> {
  const content = Buffer.concat([head, Buffer.alloc(16)]).toString('base64');
  const body = chat('Look', [{ filename: 'f', mimetype, content }]);
  const read = (await runNode(
    'Check request',
    {},
    { Webhook: { headers: { 'content-type': 'application/json' }, body }, Contract: contract },
  )) as { route: string; text?: { key: string } };
  expect(read.route).not.toBe('schema');
  return read.text?.key === 'contentNotOfType';
}

describe("the Check request node's signatures are the attachment rule's (src/shared/rules/attachment.ts)", () => {
  it.each(ATTACHMENT_TYPES)('%s: every sample head is taken or refused as sniffMatches says', async (mimetype) => {
    for (const [sample, bytes] of Object.entries(HEADS)) {
      const head = Buffer.from(bytes as Uint8Array);
      const content = Buffer.concat([head, Buffer.alloc(16)]);
      expect(await refused(mimetype, head), sample).toBe(!sniffMatches(mimetype, content.subarray(0, SNIFF_BYTES)));
    }
  });
});
