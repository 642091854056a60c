// Explain refusal: the schema problem the portal webhook's "Check request" found, as the plain-text reason a
// person can act on, by the rule the reference server words too (src/shared/rules/refusal-reason.ts): a text
// key and its values, which the portal webhook's "Write answer" writes in the parent's language. The item holds
// the problem and the little of the request a reason quotes (quotedOf: the action, the name, the files' names).
import { refusalReason } from '../../../../src/shared/rules/refusal-reason.ts';

return { json: { status: 400, text: refusalReason($json.schemaError, $json.quoted) } };
