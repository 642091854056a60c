// Quiet hours: a reply (or a request update) due inside the device's quiet hours is held until they end
// (src/shared/push/quiet-hours.ts); a reminder is not, since one whose moment was quiet was never queued.
import { WAITS_FOR_QUIET_HOURS } from '../../../../src/shared/push/delivery.ts';
import { quietHoursEnd } from '../../../../src/shared/push/quiet-hours.ts';

const now = new Date($('Clock').first().json.now);
const { settings, verdict, message } = $json;
const quietUntil = verdict === 'send' && WAITS_FOR_QUIET_HOURS[message.kind] ? quietHoursEnd(settings, now) : undefined;
return { json: quietUntil ? { ...$json, verdict: 'delay', at: quietUntil.toISOString() } : $json };
