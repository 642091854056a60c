// Answer: list_requests and accept_offer as the reference server answers them (server/requests/actions.ts).
// list_requests: a parent on the roster, their requests from "Outcomes", newest first. accept_offer refuses a
// request not this parent's (404) and an offer changed or withdrawn (409), storing nothing; an accepted offer
// comes back with what the portal's "Record answer" records and the event line, in the language of the request.
import { formatIstDateTime } from '../../../../src/shared/format/ist.ts';
import { nameKey } from '../../../../src/shared/rules/phone.ts';
import { EVENT_ACCEPTED } from '../texts.ts';

const { envelope } = $('Called by the portal webhook').first().json;
const { action, user, payload } = envelope;
const language = envelope.language === 'hi' ? 'hi' : 'en';
const { parent_name: parentName, requests, shown, accepted } = $json;
const refuse = (status, key, claimed = true) => ({ json: { status, text: { key, values: {} }, claimed } });

if (action === 'list_requests') {
  const onRoster = parentName !== null && nameKey(parentName) === nameKey(user.name);
  return onRoster ? { json: { status: 200, answer: { requests: shown } } } : refuse(404, 'notOnRoster', false);
}

const index = requests.findIndex((r) => r.request_id === payload.request_id.toLowerCase());
const target = requests[index];
if (!target || nameKey(target.user_name) !== nameKey(user.name)) return refuse(404, 'requestNotFound');
const latest = target.answers.at(-1);
if (latest?.kind !== 'offered' || latest.offer_id !== payload.offer_id || !latest.starts_at)
  return refuse(409, 'offerNotOpen');

const when = (locale) => formatIstDateTime(new Date(latest.starts_at), locale);
const answer = { message: { key: 'offerAccepted', values: { when: when(language) } }, request: accepted[index] };
const { answered_at: at } = accepted[index];
const record = { request_id: target.request_id, kind: 'accepted', starts_at: latest.starts_at, by: user.name, at };
const eventLanguage = target.language ?? language;
const event = EVENT_ACCEPTED[eventLanguage].replace('{when}', when(eventLanguage));
return { json: { status: 200, answer, claimed: true, record: JSON.stringify(record), event, offer: latest.offer_id } };
