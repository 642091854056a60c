// Message: a due job as the push it carries, decided by what the parent has chosen now, as the reference server's
// sender decides it (sendingDecision, src/shared/push/delivery.ts): a kind turned off, a reply whose message is gone
// or a reminder whose session has begun is dropped; a reply or a request update in the quiet hours is held until
// they end ("delay", at their end); show_text decides whether a reply's text goes along. The message is in the
// device's language.
import { sendingDecision } from '../../../../src/shared/push/delivery.ts';

const now = new Date($('Clock').first().json.now);
const job = $json;
const { settings, language } = job;
const reply = () =>
  job.text === null
    ? undefined
    : {
        kind: 'reply',
        message_id: job.message_id,
        author: job.staff_name ?? '',
        ...(settings.show_text ? { text: job.text } : {}),
        language,
      };
const message = job.kind === 'reply' ? reply() : { ...job.payload, language };
const decision = sendingDecision(job.kind, settings, now, job.expires_at);
const verdict = !message || decision.kind === 'drop' ? 'drop' : decision.kind === 'hold' ? 'delay' : 'send';
const at = verdict === 'delay' ? decision.until.toISOString() : null;
const { id, endpoint, p256dh, auth, attempts } = job;
return { json: { id, endpoint, p256dh, auth, attempts, verdict, at, message } };
