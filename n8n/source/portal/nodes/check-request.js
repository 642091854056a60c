// Check request: every check a request meets before it is claimed, in the reference server's order, and the way
// it goes on ("Route request" switches on `route`). First its content type (415 but for JSON), then each chat
// attachment read (intake.ts: its name as sent and with its type's extension, its content decoded strictly and
// held to its type), then the body against the contract's JSON Schema (the "Contract" node), as the server's Ajv does (schema-check.ts): its first problem goes
// to "Explain refusal" with what a reason quotes. Then the name rule beyond the schema, for every action
// (server/webhook/rules.ts, nameRefusal: nothing that turns the direction of the text). The conversation's actions
// go to their workflow as they came. Then a chat's files (400 for content not of its type, 413 over the total),
// and what the claim stores: the record, phoneKey, and the canonical text Postgres hashes into the fingerprint,
// with whether it reads the roster and the first Slack post whose intent it writes (FIRST_POST). A chat's answer is
// written here too (chat-answer.ts), so no Code node runs after its claim; `whenNew` is where "Seen before?" sends
// a request the claim finds new: a chat to "Chat answer", an outcome or an announcement's mark to its own workflow
// ("Requests"), any other to "Answer".
import { chatAnswers } from '../chat-answer.ts';
import { FIRST_POST, JSON_CONTENT_TYPE, readFiles, storedRequest } from '../intake.ts';
import { schemaProblem } from '../schema-check.ts';
import { PROGRAMME_TEAM_CHANNEL } from '../../../../server/webhook/handlers.ts';
import { nameProblem } from '../../../../src/shared/rules/name.ts';
import { CONVERSATION_ACTIONS } from '../../../../src/shared/webhook/conversation.ts';
import { PUSH_ACTIONS } from '../../../../src/shared/webhook/push.ts';
import { quotedOf } from '../../../../src/shared/rules/refusal-reason.ts';
import { REQUESTS_ACTIONS } from '../../../../src/shared/webhook/requests.ts';
import { ANNOUNCEMENTS_ACTIONS } from '../../../../src/shared/webhook/announcements.ts';

const ASKED = ['list_requests', 'list_announcements'];

const { headers, body } = $('Webhook').first().json;
if (!JSON_CONTENT_TYPE.test(headers['content-type'] ?? '')) {
  return { json: { route: 'refused', status: 415, text: { key: 'notJson', values: {} } } };
}
const files = readFiles(body?.payload?.attachments);
const contract = $('Contract').first().json;
const schemaError = schemaProblem(contract.request_schema, body);
// A refusal carries what "Explain refusal" quotes, not the body, which may hold 10 MB of files.
if (schemaError) return { json: { route: 'schema', schemaError, quoted: quotedOf(body) } };

const language = body.language ?? 'en';
const name = body.user?.name;
const wrongName = typeof name === 'string' ? nameProblem(name) : undefined;
if (wrongName !== undefined) {
  const key = wrongName === 'direction' ? 'directionInName' : 'controlInName';
  return { json: { route: 'refused', status: 400, text: { key, values: {} } } };
}
if ([...CONVERSATION_ACTIONS, ...PUSH_ACTIONS].includes(body.action)) {
  return { json: { route: 'conversation', envelope: body, language } };
}
const checked = storedRequest(body, files);
if (checked.status !== undefined) return { json: { route: 'refused', ...checked } };
// list_requests and list_announcements are asked like a question: no request_id, nothing claimed or stored. A chat with files asks Slack
// for its first file's upload address before the claim ('file first'), so the claim writes that file's intent.
const firstPost = FIRST_POST[body.action] ?? '';
const withFile = firstPost === 'message' && files.length > 0;
const route = ASKED.includes(body.action) ? 'asked' : withFile ? 'file first' : 'stored';
// A schedule or a chat has the roster read with its claim.
const chat =
  body.action === 'chat_facilitator'
    ? chatAnswers(checked.envelope, contract, language, PROGRAMME_TEAM_CHANNEL)
    : undefined;
const whenNew = chat
  ? 'chat'
  : [...REQUESTS_ACTIONS, ...ANNOUNCEMENTS_ACTIONS].includes(body.action)
    ? 'outcome'
    : 'new';
const roster = ['know_schedule', 'chat_facilitator'].includes(body.action);
return { json: { route, ...checked, language, files, whenNew, roster, firstPost, ...(chat && { chat }) } };
