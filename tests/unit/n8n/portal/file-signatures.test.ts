import { describe, expect, it } from 'vitest';
import { ATTACHMENT_TYPES, SNIFF_BYTES, sniffMatches } from '../../../../src/shared/rules/attachment.ts';
import { HOSTILE_HEADS, MEDIA_HEADS } from '../../../support/media-samples.ts';
import { contract, runNode } from '../support/workflow.ts';

const HEADS = { ...MEDIA_HEADS, ...HOSTILE_HEADS } as Record<string, Uint8Array | Buffer | number[]>;

/**
 * "Check request" on a payload carrying one file with these first bytes, declared as `mimetype`: refused or not.
 * The body has no action, so the schema refuses it, and the refusal carries the files as the node read them.
 */
async function refused(mimetype: string, head: Buffer): Promise<boolean> {
  const content = Buffer.concat([head, Buffer.alloc(16)]).toString('base64');
  const body = { payload: { attachments: [{ filename: 'f', mimetype, content }] } };
  const read = (await runNode(
    'Check request',
    {},
    { Webhook: { headers: { 'content-type': 'application/json' }, body }, Contract: contract },
  )) as {
    route: string;
    files: { problem: string | null }[];
  };
  expect(read.route).toBe('schema');
  return read.files[0]?.problem === 'contentNotOfType';
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
