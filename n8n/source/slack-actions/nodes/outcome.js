// Outcome: what a checked form records (thrive.record_outcome), as the reference server's staff answer does
// (server/requests/answer.ts): the event line in the language of the parent's request (a confirmed day outside
// the days asked for told as another day), and the Slack message's update: its text kept, its buttons gone,
// what was done and by whom beneath.
import { formatIstDateTime } from '../../../../src/shared/format/ist.ts';
import { EVENT_TEXTS } from '../texts.ts';

if ($json.step) return { json: $json };
const { request, answer, other_day: otherDay } = $json;
const { message } = $('Read action').first().json;
const language = request.language === 'hi' ? 'hi' : 'en';
const fill = (key, values) => EVENT_TEXTS[language][key].replace(/\{(\w+)\}/g, (_, name) => values[name]);
const forSlack = (raw) => raw.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
const when = (locale) => formatIstDateTime(new Date(answer.starts_at), locale);

const EVENTS = {
  declined: () => [fill('eventDeclined', { reason: answer.reason }), `Declined: ${forSlack(answer.reason ?? '')}`],
  confirmed: () => [
    fill(otherDay ? 'eventConfirmedOtherDay' : 'eventConfirmed', { when: when(language) }),
    `Confirmed for ${when('en')}${otherDay ? ' (another day than asked for)' : ''}`,
  ],
  offered: () => [fill('eventOffered', { when: when(language) }), `Offered ${when('en')}`],
};
const [event, done] = EVENTS[answer.kind]();
const line = `${done}, by ${forSlack(answer.by)}`;
const section = { type: 'section', text: { type: 'mrkdwn', text: message.text } };
const blocks = JSON.stringify([section, { type: 'context', elements: [{ type: 'mrkdwn', text: line }] }]);
const update = { channel: message.channel, ts: message.ts, text: `${message.text}\n${line}`, blocks };
return { json: { step: 'record', answer, event, update } };
