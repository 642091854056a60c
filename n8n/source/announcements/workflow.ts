/**
 * ThriveAnnouncements: the programme team's announcements and session changes from Slack, and the staff
 * channel's post of each. Thrive Slack actions, having checked Slack's signature, calls it with one item:
 * - { kind: 'open', form, trigger_id }: a slash command or a shortcut opens the form (views.open) with the
 *   roster's facilitators, weekly sessions and parents to choose from;
 * - { kind: 'suggest', typed }: the chosen parents' menu asks for the parents whose name or number has what staff
 *   typed (block_suggestion): at most 100, as options;
 * - { kind: 'reach', view_id, hash, audience, parents }: staff chose who an announcement is for (block_actions):
 *   the form is updated (views.update) to say how many parents that reaches and how many have notifications on;
 * - { kind: 'submit', form, values, by }: the form's submission checked by the shared rules (a problem goes back
 *   as response_action errors, storing nothing); else the announcement stored, its recipients resolved and a
 *   push queued per device in one transaction (thrive.create_announcement), Thrive push started at once, then
 *   posted to the staff channel with its Withdraw button;
 * - { kind: 'withdraw', id, by, user, channel }: the post's Withdraw (Slack had staff confirm it), decided as /staff
 *   decides it (src/shared/announcements/withdrawal.ts). A move under way (its usual time passed, its new time not)
 *   is refused: nothing is withdrawn, and the staff member who pressed it (`user`) is told why in `channel`, seen by
 *   them alone. Else the announcement leaves the parents' lists and its pushes not yet sent are deleted and, for a
 *   session change with sessions still ahead, the update telling those parents it is back is sent in the same
 *   transaction (thrive.withdraw_change); a sync is started, and the update is pushed and posted as a submission is;
 * - anything else (Thrive requests starts it after a parent's mark; every minute): the posts are synced, each
 *   updated only when its seen count or state changed, a post whose execution died looked for before it is posted
 *   again (decision 0012).
 * It answers { body }: what Thrive Slack actions sends Slack ('', the form's errors, or the parents found).
 */
import { resolve } from 'node:path';
import { codeNode } from '../toolkit/code-node.ts';
import { ENV, STAFF_CHANNEL_DEFAULT, WORKFLOWS } from '../toolkit/ids.ts';
import { calledBy, postgres, slackApi } from '../toolkit/io-nodes.ts';
import { startPushesNow } from '../push/call.ts';
import { switchLinks } from '../toolkit/links.ts';
import { data, env, ifTrue, node, sticky, switchOn, type N8nNode } from '../toolkit/nodes.ts';
import { workflowJson } from '../toolkit/workflow.ts';

const script = (file: string) => resolve(import.meta.dirname, 'nodes', file);
const KINDS = ['open', 'suggest', 'reach', 'announce', 'change', 'withdraw', 'sync'] as const;
const STEPS = ['update', 'find', 'post'] as const;
/** Posts one sync takes; more wait for the next. */
const SYNC_BATCH = 20;

/** The roster as the forms choose from it: facilitators (with their parents' count), weekly sessions, parents. */
const ROSTER = `SELECT
  (SELECT coalesce(json_agg(json_build_object('id', f.id, 'name', f.name,
    'parents', (SELECT count(*) FROM thrive.parents p WHERE p.facilitator_id = f.id)) ORDER BY f.name), '[]'::json)
   FROM thrive.facilitators f) AS facilitators,
  (SELECT coalesce(json_agg(x ORDER BY x.weekday, x.time, x.facilitator), '[]'::json) FROM (
    SELECT s.weekday, s.start_time AS time, s.facilitator_id, f.name AS facilitator,
      json_agg(DISTINCT s.parent_number) AS numbers
    FROM thrive.sessions s JOIN thrive.facilitators f ON f.id = s.facilitator_id
    GROUP BY s.weekday, s.start_time, s.facilitator_id, f.name) x) AS slots,
  (SELECT coalesce(json_agg(json_build_object('number', p.number, 'name', p.name) ORDER BY p.name), '[]'::json)
   FROM thrive.parents p) AS parents;`;

/**
 * The roster as the session change form checks it, with the session changes standing from yesterday on (an
 * occurrence takes one change; a holiday acts on what is on its day: src/shared/announcements/occurrences.ts).
 */
const CHANGE_ROSTER = `${ROSTER.replace(/;$/, '')},
  (SELECT coalesce(json_agg(json_build_object('number_key', c.number_key, 'starts_at', c.starts_at,
    'facilitator', c.facilitator, 'moved_to', c.moved_to)), '[]'::json)
   FROM thrive.session_changes c JOIN thrive.announcements a ON a.id = c.announcement_id
   WHERE a.withdrawn_at IS NULL AND (c.starts_at::timestamptz >= now() - interval '1 day'
     OR c.moved_to::timestamptz >= now() - interval '1 day')) AS standing;`;

/** $1: what staff typed. The parents (at most 100, by name) whose name, or whose number, has it. */
const PARENTS_LIKE = `SELECT coalesce(json_agg(json_build_object('number', p.number, 'name', p.name)
    ORDER BY p.name, p.number), '[]'::json) AS parents
  FROM (SELECT number, name FROM thrive.parents
    WHERE strpos(lower(name), lower(btrim($1))) > 0
      OR (regexp_replace($1, '\\D', '', 'g') <> '' AND strpos(number, regexp_replace($1, '\\D', '', 'g')) > 0)
    ORDER BY name, number LIMIT 100) p;`;

/**
 * $1: an audience (jsonb, as thrive.audience_of reads it). How many parents it reaches now, and how many of them have
 * notifications on for announcements: a subscription behind a device token still valid, announcements not turned
 * off (as the reference server counts them for /staff's preview).
 */
const REACH = `SELECT count(*)::int AS parents,
  count(*) FILTER (WHERE EXISTS (SELECT 1 FROM thrive.push_subscriptions s
    JOIN thrive.parent_tokens t ON t.token_hash = s.token_hash
    WHERE s.number_key = r.number_key AND t.expires_at > now()
      AND (thrive.settings_of(s.token_hash)->>'announcements')::boolean))::int AS notified
  FROM thrive.audience_of($1::jsonb) r;`;

/**
 * $1: the announcement. One row whatever it is: its kind, whether it was sent, its audience's words and its session
 * changes (for one unknown or withdrawn already: no kind, not sent, no changes, and nothing is withdrawn).
 */
const WITHDRAWAL = `SELECT a.kind, a.sent_at IS NOT NULL AS sent, a.audience_label,
  (SELECT coalesce(json_agg(json_build_object('number_key', c.number_key, 'starts_at', c.starts_at,
    'facilitator', c.facilitator, 'moved_to', c.moved_to)), '[]'::json)
   FROM thrive.session_changes c WHERE c.announcement_id = a.id) AS changes
  FROM (SELECT $1::text AS id) w LEFT JOIN thrive.announcements a ON a.id = w.id AND a.withdrawn_at IS NULL;`;

/** $1-$5: the announcement, Slack's refusal ('' when it took the step), the channel's id, the post's ts, its state. */
const KEEP_POST = 'SELECT thrive.keep_announcement_post($1, $2, $3, $4, $5) AS kept;';
const REFUSAL = "($json.ok === true ? '' : String($json.error ?? 'no answer'))";
const keep = (name: string, position: [number, number], post: string) =>
  postgres(
    name,
    position,
    KEEP_POST,
    `={{ [ ${post}.id, ${REFUSAL}, $json.channel ?? '', $json.ts ?? $json.message?.ts ?? '', ${post}.state ] }}`,
  );
const STAFF_CHANNEL = env(ENV.staffChannel, STAFF_CHANNEL_DEFAULT);
const postMessage = (name: string, position: [number, number], channel: string) =>
  slackApi(name, position, 'chat.postMessage', {
    channel: `={{ ${channel} }}`,
    text: '={{ $json.text }}',
    blocks: '={{ $json.blocks }}',
    unfurl_links: 'false',
    unfurl_media: 'false',
    metadata: '={{ $json.metadata }}',
  });

const NOTE = `## Thrive announcements
The programme team's announcements and session changes from Slack (the slash command or a shortcut opens the form; **Thrive Slack actions** checks Slack's signature and calls this workflow), and the staff channel's post of each with its seen count and its **Withdraw** button, synced every minute and at once after a parent's mark or a withdrawal. Withdrawing a session change tells its parents whose session is still ahead that it is back. Publish it.`;

export async function announcementsWorkflow(): Promise<Record<string, unknown>> {
  const nodes: N8nNode[] = [
    sticky('About', [-40, -460], [760, 260], NOTE),
    calledBy('Called', [0, 0]),
    node('Every minute', 'scheduleTrigger', 1.2, [0, 800], {
      rule: { interval: [{ field: 'minutes', minutesInterval: 1 }] },
    }),
    switchOn(
      'What?',
      [240, 0],
      "['open', 'suggest', 'reach', 'withdraw'].includes($json.kind) ? $json.kind : $json.kind === 'submit' ? $json.form : 'sync'",
      KINDS,
    ),
    postgres('Roster for form', [480, -200], ROSTER),
    await codeNode('Form', [720, -200], script('form.js')),
    slackApi('Open form', [960, -200], 'views.open', {
      trigger_id: '={{ $json.trigger_id }}',
      view: '={{ $json.view }}',
    }),
    data('Opened', [1200, -200], { body: '' }),
    postgres('Parents like', [480, -400], PARENTS_LIKE, '={{ [ $json.typed ] }}'),
    await codeNode('Suggestions', [720, -400], script('suggestions.js')),
    postgres('Roster for reach', [480, -600], ROSTER),
    await codeNode('Reach audience', [720, -600], script('reach-audience.js')),
    postgres('Count reach', [960, -600], REACH, '={{ [ $json.audience ] }}'),
    await codeNode('Reach form', [1200, -600], script('reach-form.js')),
    // A stale hash (the form changed again meanwhile) is refused: the later change's own update follows.
    slackApi('Update form', [1440, -600], 'views.update', {
      view_id: '={{ $json.view_id }}',
      hash: '={{ $json.hash }}',
      view: '={{ $json.view }}',
    }),
    data('Reached', [1680, -600], { body: '' }),

    postgres('Roster for announcement', [480, 0], ROSTER),
    await codeNode('Check announcement', [720, 0], script('check-announcement.js')),
    postgres('Roster for change', [480, 200], CHANGE_ROSTER),
    await codeNode('Check change', [720, 200], script('check-change.js')),
    ifTrue('Valid?', [960, 100], '$json.valid'),
    node('Show problem', 'set', 3.4, [1200, 240], {
      mode: 'raw',
      jsonOutput: '={{ { body: JSON.stringify($json.body) } }}',
      options: {},
    }),
    postgres(
      'Create announcement',
      [1200, 40],
      'SELECT * FROM thrive.create_announcement($1::jsonb, $2::json, now());',
      '={{ [ JSON.stringify($json.item), JSON.stringify($json.changes) ] }}',
    ),
    // Not waited for: its pushes go while the post is made (a scheduled one's, by the minute's run when it is due).
    startPushesNow('Send pushes', [1440, 40]),
    await codeNode('First post', [1680, 40], script('first-post.js')),
    postMessage('Post announcement', [1920, 40], STAFF_CHANNEL),
    keep('Keep first post', [2160, 40], "$('First post').item.json"),
    data('Submitted', [2400, 40], { body: '' }),

    postgres('Read withdrawal', [480, 400], WITHDRAWAL, '={{ [ $json.id ] }}'),
    await codeNode('Check withdrawal', [720, 400], script('check-withdrawal.js')),
    ifTrue('Refused?', [960, 400], '$json.refused'),
    // Ephemeral: a refusal is the presser's to read, not the channel's.
    slackApi('Tell refusal', [1200, 520], 'chat.postEphemeral', {
      channel: '={{ $json.channel }}',
      user: '={{ $json.user }}',
      text: '={{ $json.text }}',
    }),
    postgres(
      'Withdraw',
      [1200, 340],
      'SELECT * FROM thrive.withdraw_change($1, $2::jsonb, $3::timestamptz);',
      '={{ [ $json.id, JSON.stringify($json.item), $json.at ] }}',
    ),
    // This workflow again, not waited for: its sync updates the post while Slack has its answer within 3 seconds.
    {
      ...node('Sync now', 'executeWorkflow', 1.2, [1440, 340], {
        workflowId: { __rl: true, mode: 'id', value: WORKFLOWS.announcements.id },
        options: { waitForSubWorkflow: false },
      }),
      onError: 'continueRegularOutput',
    },
    // An update sent to the withdrawn change's parents is pushed and posted as a submitted announcement is.
    ifTrue('Told parents?', [1680, 340], "Boolean($('Withdraw').first().json.id)"),
    data('Withdrawn', [1920, 440], { body: '' }),

    postgres('Posts to sync', [480, 800], `SELECT * FROM thrive.posts_to_sync(now(), ${SYNC_BATCH});`),
    await codeNode('Sync', [720, 800], script('sync.js')),
    switchOn('Sync step', [960, 800], '$json.step', STEPS),
    slackApi('Update post', [1200, 680], 'chat.update', {
      channel: '={{ $json.channel }}',
      ts: '={{ $json.ts }}',
      text: '={{ $json.text }}',
      blocks: '={{ $json.blocks }}',
    }),
    keep('Keep update', [1440, 680], "$('Sync').item.json"),
    slackApi('Look in channel', [1200, 840], 'conversations.history', {
      channel: '={{ $json.channel }}',
      oldest: '={{ $json.oldest }}',
      include_all_metadata: 'true',
      limit: '200',
    }),
    await codeNode('Find post', [1440, 840], script('find-post.js')),
    ifTrue('Found?', [1680, 840], '$json.found'),
    keep('Keep found', [1920, 760], '$json'),
    postMessage('Post again', [1920, 960], STAFF_CHANNEL),
    keep('Keep post', [2160, 960], "$('Sync').item.json"),
  ];
  return workflowJson({
    id: WORKFLOWS.announcements.id,
    name: 'Thrive announcements',
    nodes,
    links: [
      ['Called', 0, 'What?'],
      ['Every minute', 0, 'Posts to sync'],
      ...switchLinks('What?', KINDS, {
        open: 'Roster for form',
        suggest: 'Parents like',
        reach: 'Roster for reach',
        announce: 'Roster for announcement',
        change: 'Roster for change',
        withdraw: 'Read withdrawal',
        sync: 'Posts to sync',
      }),
      ['Parents like', 0, 'Suggestions'],
      ['Roster for reach', 0, 'Reach audience'],
      ['Reach audience', 0, 'Count reach'],
      ['Count reach', 0, 'Reach form'],
      ['Reach form', 0, 'Update form'],
      ['Update form', 0, 'Reached'],
      ['Update form', 1, 'Reached'],
      ['Read withdrawal', 0, 'Check withdrawal'],
      ['Check withdrawal', 0, 'Refused?'],
      ['Refused?', 0, 'Tell refusal'],
      ['Refused?', 1, 'Withdraw'],
      ['Tell refusal', 0, 'Withdrawn'],
      ['Tell refusal', 1, 'Withdrawn'],
      ['Withdraw', 0, 'Sync now'],
      ['Sync now', 0, 'Told parents?'],
      ['Told parents?', 0, 'Send pushes'],
      ['Told parents?', 1, 'Withdrawn'],
      ['Roster for form', 0, 'Form'],
      ['Form', 0, 'Open form'],
      ['Open form', 0, 'Opened'],
      ['Open form', 1, 'Opened'],
      ['Roster for announcement', 0, 'Check announcement'],
      ['Roster for change', 0, 'Check change'],
      ['Check announcement', 0, 'Valid?'],
      ['Check change', 0, 'Valid?'],
      ['Valid?', 0, 'Create announcement'],
      ['Valid?', 1, 'Show problem'],
      ['Create announcement', 0, 'Send pushes'],
      ['Send pushes', 0, 'First post'],
      ['First post', 0, 'Post announcement'],
      ['Post announcement', 0, 'Keep first post'],
      ['Post announcement', 1, 'Submitted'],
      ['Keep first post', 0, 'Submitted'],
      ['Posts to sync', 0, 'Sync'],
      ['Sync', 0, 'Sync step'],
      ...switchLinks('Sync step', STEPS, { update: 'Update post', find: 'Look in channel', post: 'Post again' }),
      ['Update post', 0, 'Keep update'],
      ['Look in channel', 0, 'Find post'],
      ['Find post', 0, 'Found?'],
      ['Found?', 0, 'Keep found'],
      ['Found?', 1, 'Post again'],
      ['Post again', 0, 'Keep post'],
    ],
  });
}
