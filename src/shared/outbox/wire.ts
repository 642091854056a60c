import type { Envelope } from '../webhook/types.ts';
import type { ChatEnvelopeWithBlobs, EncodeBase64, QueuedEnvelope, WireEnvelope } from './types.ts';

/**
 * The envelope exactly as the webhook receives it. Attachments stay Blobs in
 * storage (base64 would be a third larger and cost memory on every read) and
 * are encoded here, one send at a time.
 */
export async function toWireEnvelope(envelope: QueuedEnvelope, encodeBase64: EncodeBase64): Promise<WireEnvelope> {
  if (envelope.action !== 'chat_facilitator') return envelope;
  const attachments = [];
  for (const { filename, mimetype, blob } of envelope.payload.attachments) {
    attachments.push({ filename, mimetype, content: await encodeBase64(blob) });
  }
  return { ...envelope, payload: { ...envelope.payload, attachments } };
}

/** The chat envelope to submit or queue: `buildEnvelope`'s result with the picked files kept as Blobs. */
export function withBlobAttachments(
  envelope: Envelope<'chat_facilitator'>,
  files: readonly File[],
): ChatEnvelopeWithBlobs {
  const attachments = files.map((file) => ({ filename: file.name, mimetype: file.type, blob: file }));
  return { ...envelope, payload: { message: envelope.payload.message, attachments } };
}
