// Message: a due job as the push it carries, decided by what the parent has chosen now, as the reference server's
// sender decides it (sendingDecision, src/shared/push/delivery.ts): a kind turned off, a reply whose message is gone,
// a withdrawn announcement or a reminder whose session has begun is dropped; a reply, a request update or an
// announcement not urgent in the quiet hours is held until they end ("delay", at their end); show_text decides
// whether a reply's or an announcement's text goes along. The message is in the device's language.
import { announcementPush } from '../../../../src/shared/push/announcement-push.ts';
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
// An announcement's texts are read now (announcementPush): a withdrawn one (null) is dropped.
const announcement = () =>
  job.announcement ? announcementPush(job.announcement, language, settings.show_text) : undefined;
const MESSAGES = { reply, announcement };
const message = Object.hasOwn(MESSAGES, job.kind) ? MESSAGES[job.kind]() : { ...job.payload, language };
const decision = sendingDecision(job.kind, settings, now, job.expires_at, job.announcement?.urgent === true);
const verdict = !message || decision.kind === 'drop' ? 'drop' : decision.kind === 'hold' ? 'delay' : 'send';
const at = verdict === 'delay' ? decision.until.toISOString() : null;
const { id, endpoint, p256dh, auth, attempts } = job;
return { json: { id, endpoint, p256dh, auth, attempts, verdict, at, message } };
