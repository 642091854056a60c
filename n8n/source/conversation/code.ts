/**
 * The conversation sub-workflow's three Code nodes, as short readable
 * JavaScript. The patterns are the reference server's and the portal's own
 * (server/conversation/policy.ts, src/shared/rules/code.ts), written in;
 * tests/unit/n8n/conversation/code.test.ts holds each node to the functions
 * it stands for.
 */
import { BEARER, CURSOR } from '../../../server/conversation/policy.ts';
import { env } from '../workflow/nodes.ts';
import { ENV } from './ids.ts';
import { codeMessageTemplates, conversationTexts } from './texts.ts';

export const TRIGGER = 'Called by the portal webhook';

/** From the calling item and "Look up number": what the four actions use, checked and normalised. */
export const READ_REQUEST = `// The item the portal webhook sent: { envelope, language, authorization, address, portalHost }, the last three
// null when the request did not say them.
const input = $('${TRIGGER}').first().json;
const { envelope } = input;
// Names match whatever the letter case, spacing or Unicode composition (src/shared/rules/phone.ts, nameKey).
const nameKey = (name) => name.normalize('NFC').trim().replace(/\\s+/g, ' ').toLocaleLowerCase('en');
// The token of an "Authorization: Bearer ..." header; a cursor is a message id (server/conversation/policy.ts).
const BEARER = ${BEARER};
const CURSOR = ${CURSOR};
const after = envelope.payload?.after;
return {
  json: {
    action: envelope.action,
    language: input.language === 'hi' ? 'hi' : 'en',
    numberKey: $json.number_key,
    onRoster:
      typeof $json.roster_name === 'string' &&
      typeof envelope.user?.name === 'string' &&
      nameKey($json.roster_name) === nameKey(envelope.user.name),
    code: envelope.payload?.code ?? '',
    token: BEARER.exec(input.authorization ?? '')?.[1] ?? '',
    after: after === undefined ? '0' : CURSOR.test(after) ? after : null,
    address: input.address || null,
    portalHost: input.portalHost ?? '',
  },
};`;

/** The code message for the gateway, in the parent's language (server/conversation/code-sender.ts's shape). */
export function codeMessage(): string {
  return `// The code message's text, by language: its last line is "@host #code", which the Web OTP API reads.
const TEMPLATES = ${JSON.stringify(codeMessageTemplates(), null, 2)};
const request = $('Read request').first().json;
// THRIVE_PORTAL_HOST names the portal's host; without it, the one the portal webhook passed on (its Origin).
const host = ${env(ENV.portalHost, '')} || request.portalHost;
const fill = (template) => template.replaceAll('{code}', $json.code).replaceAll('{host}', host);
return {
  json: {
    phone: request.numberKey,
    code: $json.code,
    language: request.language,
    text: fill(TEMPLATES[request.language]),
  },
};`;
}

/**
 * The sub-workflow's one ending: the item { status, json } of a 200 or { status, key, values, headers } of a
 * refusal, answered as { conversation: { status, body, headers } } in the parent's language, body being the JSON
 * answer or { text } (what the portal webhook's "Write answer" node reads).
 */
export function answer(): string {
  return `// The texts the conversation answers with, by language; {name} placeholders are filled from "values".
const TEXTS = ${JSON.stringify(conversationTexts(), null, 2)};
const language = $('Read request').first().json.language;
const { status, json, key, values = {}, headers = {} } = $json;
const body =
  json !== undefined ? json : { text: TEXTS[language][key].replace(/\\{(\\w+)\\}/g, (_, name) => String(values[name])) };
return { json: { conversation: { status, body, headers } } };`;
}
