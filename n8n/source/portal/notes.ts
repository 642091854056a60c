/** Sticky notes on the canvas: what each part of the workflow does, for whoever opens it in n8n. */
import { sticky } from '../toolkit/nodes.ts';

export const NOTES = [
  sticky(
    'Note: about',
    [-40, -260],
    [900, 500],
    [
      '## Thrive parent portal webhook',
      'Every action of the portal is one JSON POST here (docs/webhook-contract.md).',
      '',
      '**Set up** (n8n/README.md): run `n8n/schema.sql` and `n8n/roster.seed.sql` on a Postgres database,',
      'create the **Thrive Postgres** and **Thrive Slack bot** credentials, then publish.',
      '',
      '**Contract** holds the request schema and every answer text, in English and Hindi. The Code nodes and',
      'both are generated from the repository (`npm run n8n -- workflow`): change it, not the nodes.',
    ].join('\n'),
  ),
  sticky(
    'Note: dedupe',
    [1960, -260],
    [700, 460],
    [
      '## One request_id, one request',
      '**Claim request_id** inserts the id with `INSERT … ON CONFLICT DO NOTHING`: of copies arriving',
      'together exactly one is *new*. Another copy *wait*s a moment (**Wait a moment**, no database',
      'connection held) and looks again, until the first is answered: it gets that answer again (*same*).',
      'Another body under the id is a 409 (*different*). A refused request releases its claim.',
    ].join('\n'),
  ),
  sticky(
    'Note: Slack',
    [3920, -560],
    [1980, 300],
    [
      "## Slack: a chat to the facilitator's channel, its files in the thread; a notice to the staff channel",
      'HTTP Request nodes with the **Thrive Slack bot** credential, at `THRIVE_SLACK_API_URL` (Slack by default).',
      "A new request posts at once; a retry's **Slack so far** reads what is already posted for its request_id. Each step stores its result at",
      'once, so a retry does only the rest. A failed step answers 500, which the portal retries.',
      "Each step's intent is written first; a retry that finds one without its result looks in Slack before",
      'acting again: **Look in channel** for the post by its metadata, **Look at file** for the file.',
    ].join('\n'),
  ),
];
