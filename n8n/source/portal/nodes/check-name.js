// Check name: the name rule beyond what the schema says (it refuses control characters already), for every action
// that names a person, the conversation's included, as the reference server checks it right after the schema
// (server/webhook/rules.ts, nameRefusal): nothing that turns the direction of the text (src/shared/rules/name.ts).
import { nameProblem } from '../../../../src/shared/rules/name.ts';

const name = $json.envelope.user?.name;
const problem = typeof name === 'string' ? nameProblem(name) : undefined;
if (problem === undefined) return { json: $json };
const key = problem === 'direction' ? 'directionInName' : 'controlInName';
return { json: { status: 400, text: { key, values: {} } } };
