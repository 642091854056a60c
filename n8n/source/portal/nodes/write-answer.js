// Write answer: every text the workflow answers with, written once, here, in the parent's language (`language`,
// English when absent) from the "Contract" node's answer texts (server/contract/texts.ts); Slack's texts are the
// programme team's, in English. Days (`day`, `start`, `end`) are written as each language writes them
// (formatDayKey, as the reference server writes them). Then where the answer goes next.
import { formatDayKey } from '../../../../src/shared/format/ist.ts';

const { answer_texts: TEXTS, slack_texts: SLACK_TEXTS } = $('Contract').first().json;
const body = $('Webhook').first().json.body;
const language = body?.language === 'hi' ? 'hi' : 'en';
const DAY_VALUES = ['day', 'start', 'end'];

const isText = (value) => typeof value === 'object' && value !== null && 'key' in value;

/** A template filled in one pass; a value may itself be a text ({ key }), such as 'the programme team'. */
function fill({ key, values = {} }, locale) {
  const template = locale === 'slack' ? SLACK_TEXTS[key] : TEXTS[locale][key];
  if (template === undefined) throw new Error(`No answer text "${key}"`);
  return template.replace(/\{(\w+)\}/g, (_, name) => {
    if (values[name] === undefined) throw new Error(`The text "${key}" needs a value for {${name}}`);
    const value = values[name];
    if (isText(value)) return fill(value, locale);
    return DAY_VALUES.includes(name) ? formatDayKey(String(value), locale === 'slack' ? 'en' : locale) : String(value);
  });
}

// The one header a refusal may carry beyond the fixed ones: a sign-in challenge or a wait ("Send answer" sends it).
const PASSED_HEADERS = ['WWW-Authenticate', 'Retry-After'];
const given = $json.headers ?? {};
const headerName = PASSED_HEADERS.find((name) => given[name] !== undefined);
const header = headerName ? { name: headerName, value: String(given[headerName]) } : null;

const { status, claimed = false, post } = $json;
let answer;
if (typeof $json.body === 'object' && $json.body !== null) {
  // The conversation's workflow answers { status, body, headers }: its JSON, or a refusal whose body holds the text.
  const json = status === 200;
  answer = { status, type: json ? 'json' : 'text', body: json ? JSON.stringify($json.body) : $json.body.text };
} else if ($json.answer) {
  const fields = Object.entries($json.answer).map(([name, value]) => [
    name,
    isText(value) ? fill(value, language) : value,
  ]);
  answer = { status, type: 'json', body: JSON.stringify(Object.fromEntries(fields)) };
} else {
  answer = { status, type: 'text', body: fill($json.text, language) };
}

const slack =
  status === 200 && post ? { kind: post.kind, channel: post.channel ?? null, text: fill(post.text, 'slack') } : null;
const next = slack ? slack.kind : status === 200 && claimed ? 'record' : claimed ? 'release' : 'send';
return { json: { ...answer, header, next, slack, claimed } };
