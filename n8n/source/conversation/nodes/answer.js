// Answer: the sub-workflow's one ending. The item { status, json } of a 200 or { status, key, values, headers } of
// a refusal, answered as { status, body, headers } in the parent's language, body being the JSON answer or
// { text } with the {name} placeholders filled from "values" (what the portal webhook's "Write answer" reads).
import { CONVERSATION_TEXTS } from '../texts.ts';

const language = $('Read request').first().json.language;
const { status, json, key, values = {}, headers = {} } = $json;
const fill = (template) => template.replace(/\{(\w+)\}/g, (_, name) => String(values[name]));
const body = json !== undefined ? json : { text: fill(CONVERSATION_TEXTS[language][key]) };
return { json: { status, body, headers } };
