/**
 * The read an open thread repeats (chat_thread), answered by the portal webhook itself from one Postgres query,
 * before the intake's checks and without the conversation's workflow: a second execution, and a dozen nodes,
 * for the request n8n gets most. Only a request the contract accepts as it is, with a bearer token and a cursor
 * the reference server reads, takes this way, and only a valid token is answered here; anything else (no token,
 * an unknown or expired one, a body the contract refuses, the database failing) goes on to "Contract" and is
 * answered as every request is, so every refusal stays the conversation workflow's, word for word.
 */
import { BEARER, CURSOR } from '../../../server/conversation/policy.ts';
import { LOCALES } from '../../../src/shared/i18n/locale.ts';
import { READ_THREAD, THREAD_ANSWER } from '../conversation/sql.ts';
import { JSON_CONTENT_TYPE } from './intake.ts';
import { postgres } from '../toolkit/io-nodes.ts';
import type { Graph } from '../toolkit/links.ts';
import { ifTrue } from '../toolkit/nodes.ts';
import { respondToPortal } from './respond.ts';

/**
 * Whether the Webhook's item (`$json`: its headers and parsed body) is a chat_thread the contract accepts as it
 * is (server/contract/request-schema.ts: action, an optional payload with an optional `after`, an optional
 * language, nothing else) with a cursor and a bearer token the reference server reads (server/conversation/policy.ts).
 * An expression, so n8n's If evaluates it without a Code node's round trip to the task runner.
 */
export const THREAD_READ = `(({ headers, body }) => {
  const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
  const only = (value, keys) => Object.keys(value).every((key) => keys.includes(key));
  const payload = body?.payload;
  return ${JSON_CONTENT_TYPE}.test(headers['content-type'] ?? '') && ${BEARER}.test(headers.authorization ?? '') &&
    isObject(body) && body.action === 'chat_thread' && only(body, ['action', 'payload', 'language']) &&
    (body.language === undefined || ${JSON.stringify(LOCALES)}.includes(body.language)) &&
    (payload === undefined || (isObject(payload) && only(payload, ['after']) &&
      (payload.after === undefined || (typeof payload.after === 'string' && ${CURSOR}.test(payload.after)))));
})($json)`;

/** READ_THREAD's two values: the bearer token and the cursor ('0', the start, when none is given). */
const READ_VALUES = `={{ [ ${BEARER}.exec($json.headers.authorization)[1], $json.body.payload?.after ?? '0' ] }}`;

/** The nodes, entered at "Thread read?"; `onward` is the node every request not answered here goes on to. */
export function threadGraph(onward: string): Graph {
  return {
    nodes: [
      ifTrue('Thread read?', [220, 100], THREAD_READ),
      postgres('Read thread', [440, -80], READ_THREAD, READ_VALUES, { failureOutput: true }),
      ifTrue('Token valid?', [660, -80], '$json.valid'),
      respondToPortal('Send thread', [880, -80], {
        status: 200,
        body: `={{ JSON.stringify(${THREAD_ANSWER}) }}`,
        contentType: 'json',
      }),
    ],
    links: [
      ['Thread read?', 0, 'Read thread'],
      ['Thread read?', 1, onward],
      ['Read thread', 0, 'Token valid?'],
      ['Read thread', 1, onward],
      ['Token valid?', 0, 'Send thread'],
      ['Token valid?', 1, onward],
    ],
  };
}
