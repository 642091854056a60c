// Payload: the message as the push's payload (its JSON, at most 3,000 bytes: a long reply's text is cut) and the
// push's TTL, Urgency and Topic (src/shared/push/payload.ts, delivery.ts).
import { pushHeaders } from '../../../../src/shared/push/delivery.ts';
import { pushPayload } from '../../../../src/shared/push/payload.ts';

const now = new Date($('Clock').first().json.now);
const { ttl, urgency, topic } = pushHeaders($json.message, now);
const { id, endpoint, p256dh, auth, attempts } = $json;
return { json: { id, endpoint, p256dh, auth, attempts, payload: pushPayload($json.message), ttl, urgency, topic } };
