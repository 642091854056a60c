import { createHash } from 'node:crypto';
import type { DecodedAttachment } from '../db/request-store.ts';
import type { RequestsRequests } from '../../src/shared/webhook/requests.ts';
import type { AnnouncementsRequests } from '../../src/shared/webhook/announcements.ts';
import { canonical } from '../../src/shared/webhook/canonical.ts';
import type { AnyEnvelope } from './contract.ts';

/**
 * What makes two requests with one request_id "the same": every field, in any
 * key order, with each attachment's content stood in for by its hash (already
 * computed to store it) so a 10 MB body is not hashed twice.
 */
export function fingerprint(
  envelope: AnyEnvelope | RequestsRequests['accept_offer'] | AnnouncementsRequests['mark_announcement_seen'],
  attachments: readonly DecodedAttachment[],
): string {
  const comparable =
    envelope.action === 'chat_facilitator'
      ? {
          ...envelope,
          payload: {
            ...envelope.payload,
            attachments: envelope.payload.attachments.map((file, i) => ({ ...file, content: attachments[i]?.sha256 })),
          },
        }
      : envelope;
  return createHash('sha256').update(canonical(comparable)).digest('hex');
}
