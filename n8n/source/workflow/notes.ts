/** Sticky notes on the canvas: what each part of the workflow does, for whoever opens it in n8n. */
import { sticky } from './nodes.ts';

export const NOTES = [
  sticky(
    'Note: about',
    [-40, -260],
    [760, 500],
    [
      '## Thrive parent portal webhook',
      'Every action of the portal is one JSON POST here (docs/webhook-contract.md).',
      '',
      '**Set up** (n8n/README.md): run `n8n/schema.sql` and `n8n/roster.seed.sql` on a Postgres database,',
      'create the **Thrive Postgres** and **Thrive Slack bot** credentials, then publish.',
      '',
      "The Code nodes are generated from the reference server's own rules",
      '(`npm run n8n -- workflow`): change the repository, not the nodes.',
    ].join('\n'),
  ),
  sticky(
    'Note: dedupe',
    [740, -260],
    [760, 500],
    [
      '## One request_id, one request',
      '**Claim request_id** inserts the id with `INSERT … ON CONFLICT DO NOTHING`: of two copies arriving',
      'together exactly one is *new*. A repeat waits for the first answer and gets it again',
      '(*same*); another body under the id is a 409 (*different*). A refused request releases',
      'its claim, so the id can be sent again once put right.',
    ].join('\n'),
  ),
  sticky(
    'Note: chat',
    [2560, -40],
    [1560, 280],
    [
      "## Chat: the message to the facilitator's channel, then each file in its thread",
      'Slack through the **Thrive Slack bot** credential. With `THRIVE_CHAT_RELAY_URL` set (and',
      '`N8N_BLOCK_ENV_ACCESS_IN_NODE=false`), the message and files are POSTed to that address instead:',
      "`/messages` (JSON) and `/files` (the file's bytes). A failed post answers 500; the portal retries.",
    ].join('\n'),
  ),
];
