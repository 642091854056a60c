/**
 * The webhook contract's table (tests/support/contract-cases.ts, the same
 * cases the reference server's tests run) against n8n's webhook URL, one
 * timed result per case. A few cases are settled by n8n itself before the
 * workflow runs, so no workflow can change them: they run, and are reported
 * as skipped with n8n's answer and the reason (n8n/README.md, "Known
 * differences"); one that passes is reported as passed.
 */
import { CONTRACT_CASES, postTo, runContractCase, type Post } from '../../support/contract-cases.ts';
import type { User } from '../../../src/shared/webhook/types.ts';
import type { Results } from './results.ts';

/** n8n-workflow's deepCopy leaves these keys out of every item it copies, so the workflow never sees them. */
const DROPPED_KEY =
  'n8n leaves __proto__, constructor and prototype keys out when it copies the parsed body, before the workflow runs: the request is answered as if the key were not there';

export const KNOWN_DIFFERENCES: Record<string, string> = {
  'a __proto__ key': DROPPED_KEY,
  'a __proto__ key inside the user': DROPPED_KEY,
  'a constructor.prototype key': DROPPED_KEY,
  'JSON that does not parse':
    'n8n parses the body before the workflow runs and answers 422 with its own JSON; the portal always sends JSON',
  'a body over 16 MB':
    "n8n refuses a body over N8N_PAYLOAD_SIZE_MAX (16 MB) before the workflow runs, with 500; a proxy's body limit in front answers 413",
};

function requestIdOf(body: string): string | undefined {
  try {
    const id = (JSON.parse(body) as { request_id?: unknown }).request_id;
    return typeof id === 'string' ? id.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/** Runs every case; returns the request_ids n8n accepted (200), to hold its storage to them. */
export async function runContract(webhookUrl: string, parent: User, results: Results): Promise<Set<string>> {
  const accepted = new Set<string>();
  const http = postTo(webhookUrl);
  const post: Post = async (body, contentType) => {
    const answer = await http(body, contentType);
    const id = answer.status === 200 ? requestIdOf(body) : undefined;
    if (id) accepted.add(id);
    return answer;
  };
  for (const contractCase of CONTRACT_CASES) {
    const name = `contract: ${contractCase.name}`;
    const known = KNOWN_DIFFERENCES[contractCase.name];
    if (!known) {
      await results.run(name, () => runContractCase(contractCase, post, { parent }));
      continue;
    }
    const started = performance.now();
    const problems = await runContractCase(contractCase, post, { parent });
    results.add({
      name,
      verdict: problems.length === 0 ? 'passed' : 'skipped',
      ms: performance.now() - started,
      notes: problems.length === 0 ? [] : [`known difference: ${known}`, ...problems],
    });
  }
  return accepted;
}
