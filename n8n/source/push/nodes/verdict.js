// Verdict: what the push service's answer means (src/shared/push/delivery.ts): sent; gone (404, 410: the
// subscription is deleted); retry (429, 5xx, or no answer: backoff, never sooner than Retry-After); or drop.
import { deliveryVerdict } from '../../../../src/shared/push/delivery.ts';

const job = $('Encrypt').item.json;
const status = Number($json.statusCode ?? 0);
const retryAfter = $json.headers?.['retry-after'];
const verdict = deliveryVerdict(status, retryAfter, job.attempts, new Date());
const at = verdict.kind === 'retry' ? verdict.at.toISOString() : null;
return { json: { id: job.id, endpoint: job.endpoint, verdict: verdict.kind, at, status } };
