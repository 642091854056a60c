// Message: a due job as the push it carries, judged at send time by what the parent has chosen now, as the
// reference server's sender does (server/push/sender.ts): a kind turned off, a reply whose message is gone or a
// reminder whose session has begun is dropped; show_text decides whether a reply's text goes along. The
// message is in the device's language.
import { SETTING_OF } from '../../../../src/shared/push/delivery.ts';

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
const expired = job.expires_at !== null && Date.parse(job.expires_at) <= now.getTime();
const { id, endpoint, p256dh, auth, attempts } = job;
const verdict = !message || !settings[SETTING_OF[job.kind]] || expired ? 'drop' : 'send';
return { json: { id, endpoint, p256dh, auth, attempts, settings, verdict, at: null, message } };
