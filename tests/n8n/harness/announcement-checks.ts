/**
 * Announcements from Slack on a running n8n (ThriveSlackActions, ThriveAnnouncements, ThrivePush and the portal
 * webhook): the programme team's shortcut or slash command opens the form (views.open) with /staff's fields, signed
 * as every Slack action is (a forged or stale one opens and stores nothing); its submission stores the
 * announcement with its recipients and pushes, and posts it to the staff channel with its audience; a form put
 * wrong is shown its problem in the form and stores nothing; parents read it in their language through the portal
 * webhook and their marks update the post's seen count; an urgent one is pushed through quiet hours, a scheduled
 * one goes at its time (Thrive push's minute run), and a withdrawn one leaves the parents' lists, its pushes not
 * yet sent never sent. The session change form's checks (session-change-checks.ts) run in the middle, while the
 * scheduled one waits for its time.
 */
import { en as PROBLEMS } from '../../../src/shared/announcements/messages.ts';
import { slotLabel, slotValue } from '../../../src/shared/announcements/slots.ts';
import { toIstIso } from '../../../src/shared/format/ist.ts';
import { addDays } from '../../../src/shared/schedule/week.ts';
import { FORMS } from '../../../n8n/source/announcements/texts.ts';
import {
  addDevice,
  addRoster,
  ANITA,
  failuresSince,
  optionsOf,
  announcementValues,
  BHARAT,
  CHITRA,
  KAVYA,
  parentReads,
  postOf,
  RAVI,
  slotIn,
  STAFF,
  staffForms,
  storedAnnouncements,
  type AnnouncementForm,
} from './announcement-helpers.ts';
import { eventually, expectEqual, type Answer } from './check-helpers.ts';
import { SECRETS } from './conversation-fakes.ts';
import { STAFF_CHANNEL } from './n8n-process.ts';
import type { Results } from './results.ts';
import { runSessionChangeChecks } from './session-change-checks.ts';
import { inputBlocks } from './slack-views.ts';
import type { Stack } from './stack.ts';

/** India's "HH:mm" `minutes` from now. */
const clockIn = (minutes: number) => toIstIso(new Date(Date.now() + minutes * 60_000)).slice(11, 16);
const json = (answer: Answer | undefined): unknown => (answer?.text ? JSON.parse(answer.text) : answer?.text);
const ENGLISH = { title_en: 'No sessions on Friday', body_en: 'The centre is closed on Friday for a festival.' };

export async function runAnnouncementChecks(stack: Stack, results: Results): Promise<void> {
  const { slack, push } = stack;
  const from = slack.messages.length;
  const soon = slotIn(2);
  const later = slotIn(72);
  const started = slotIn(-1);
  addRoster(stack, [
    [ANITA, soon],
    [BHARAT, soon],
    [CHITRA, later],
    [CHITRA, started],
  ]);
  const now = new Date();
  const quiet = { quiet_start: clockIn(-60), quiet_end: clockIn(60), show_text: false };
  const anitaPhone = addDevice(stack, ANITA, 'hi', quiet);
  const bharatPhone = addDevice(stack, BHARAT, 'en', { quiet_start: '00:00', quiet_end: '00:00', show_text: true });
  const forms = staffForms(stack);
  const stored = storedAnnouncements(stack);
  const parents = parentReads(stack);
  const pushesTo = (endpoint: string, id: string | undefined) =>
    push.service.received.filter(
      (p) => p.endpoint === endpoint && (p.json as { announcement_id?: string })?.announcement_id === id,
    );

  await results.run(
    'announcements: a signed shortcut opens the form with /staff’s fields (views.open), as does the slash command (`change`: the session change form); a forged or stale one opens nothing (401)',
    async () => {
      const problems = slack.problems.length;
      const { answer, view } = await forms.open(FORMS.announce.callback);
      const command = await forms.command('/thrive', '', STAFF);
      const change = await forms.command('/thrive', 'change', STAFF);
      const views = slack.views.length;
      const forged = await forms.open(FORMS.announce.callback, { secret: 'not-the-secret' });
      const stale = await forms.open(FORMS.announce.callback, {
        secret: SECRETS.slackSigning,
        timestamp: Math.floor(Date.now() / 1000) - 6 * 60,
      });
      const labels = Object.fromEntries((view?.blocks ?? []).map((b) => [b.block_id, b.label?.text]));
      const audience = optionsOf(view, 'audience');
      const callbackOf = (trigger: string) => slack.views.find((v) => v.triggerId === trigger)?.view.callback_id;
      return [
        ...expectEqual('the shortcut’s answer', [answer.status, answer.text], [200, '']),
        ...expectEqual(
          'the form',
          [view?.callback_id, view && inputBlocks(view)],
          [
            FORMS.announce.callback,
            [
              'title_en',
              'body_en',
              'title_hi',
              'body_hi',
              'audience',
              'parents',
              'send_day',
              'send_time',
              'urgent',
              'confirm',
            ],
          ],
        ),
        ...expectEqual(
          'its limits, as /staff’s',
          [labels.title_en, labels.body_hi],
          ['Title (English, at most 80)', 'Text (Hindi, at most 1000)'],
        ),
        ...['everyone', `facilitator|${KAVYA.id}`, `session|${slotValue(soon)}`, 'parents'].flatMap((value) =>
          audience.some(([v]) => v === value) ? [] : [`no audience ${value} in ${JSON.stringify(audience)}`],
        ),
        ...expectEqual(
          'the audience’s words',
          [`facilitator|${KAVYA.id}`, `session|${slotValue(soon)}`].map(
            (v) => audience.find(([value]) => value === v)?.[1],
          ),
          [`${KAVYA.name}'s parents`, slotLabel(soon)],
        ),
        ...expectEqual(
          'the slash command',
          [command.answer.status, callbackOf(command.triggerId), change.answer.status, callbackOf(change.triggerId)],
          [200, FORMS.announce.callback, 200, FORMS.change.callback],
        ),
        ...expectEqual('forged, stale', [forged.answer.status, stale.answer.status], [401, 401]),
        ...expectEqual('forms opened by them', slack.views.length, views),
        ...expectEqual('what Slack would have refused', slack.problems.slice(problems), []),
      ];
    },
  );

  await results.run(
    'announcements: chosen parents are found by name or number as staff type (block_suggestion), however many the roster holds',
    async () => {
      const { triggerId } = await forms.open(FORMS.announce.callback);
      const byName = await forms.suggest(triggerId, 'parents', 'anita', STAFF);
      const byNumber = await forms.suggest(triggerId, 'parents', '9100000002', STAFF);
      const none = await forms.suggest(triggerId, 'parents', 'nobody by this name', STAFF);
      const option = (p: typeof ANITA) => ({
        text: { type: 'plain_text', text: `${p.name} (${p.number})` },
        value: p.number,
      });
      return [
        ...expectEqual('by name', [byName.status, json(byName)], [200, { options: [option(ANITA)] }]),
        ...expectEqual('by number', [byNumber.status, json(byNumber)], [200, { options: [option(BHARAT)] }]),
        ...expectEqual('no one', [none.status, json(none)], [200, { options: [] }]),
      ];
    },
  );

  await results.run(
    'announcements: choosing who it is for updates the form (views.update) to say how many parents that reaches and how many of them have notifications on, keeping its inputs',
    async () => {
      const problems = slack.problems.length;
      const { triggerId, view } = await forms.open(FORMS.announce.callback);
      const form = () => slack.views.find((v) => v.triggerId === triggerId);
      const reachLine = () =>
        (form()?.view.blocks?.find((b) => b.block_id === 'reach') as { elements?: { text?: string }[] } | undefined)
          ?.elements?.[0]?.text;
      const before = reachLine();
      const typed = { ...ENGLISH, audience: `facilitator|${KAVYA.id}` };
      const facilitator = await forms.choose(triggerId, announcementValues(typed), 'audience', STAFF);
      const facilitatorLine = reachLine();
      const picked = announcementValues({ ...typed, audience: 'parents', parents: [CHITRA, ANITA] });
      const parentsChosen = await forms.choose(triggerId, picked, 'parents', STAFF);
      return [
        ...expectEqual(
          'before a choice',
          before,
          'Choose who it is for: this line then says how many parents it reaches and how many have notifications on.',
        ),
        ...expectEqual(
          'the answers',
          [facilitator.status, facilitator.text, parentsChosen.status, parentsChosen.text],
          [200, '', 200, ''],
        ),
        ...expectEqual(
          'a facilitator’s parents: three, two with a device subscribed',
          facilitatorLine,
          `It reaches 3 parents (${KAVYA.name}'s parents); 2 of them have notifications on.`,
        ),
        ...expectEqual(
          'two chosen parents, one with a device',
          reachLine(),
          `It reaches 2 parents (Chosen parents: ${ANITA.name}, ${CHITRA.name}); 1 of them have notifications on.`,
        ),
        ...expectEqual(
          'the form updated twice, its inputs as they were',
          [form()?.updates, inputBlocks(form()?.view ?? {})],
          [2, inputBlocks(view ?? {})],
        ),
        ...expectEqual('what Slack would have refused', slack.problems.slice(problems), []),
      ];
    },
  );

  // Two minutes ahead at most, so Thrive push's minute run sends it while the other checks run.
  const sendAt = new Date((Math.floor(Date.now() / 60_000) + 2) * 60_000);
  const scheduled = { ...ENGLISH, title_en: 'Bring a water bottle', audience: `session|${slotValue(soon)}` };
  let scheduledId: string | undefined;
  await results.run(
    'announcements: one for the parents of one weekly session, at a time in India, waits for it: not listed yet, posted as to be sent',
    async () => {
      const iso = toIstIso(sendAt);
      const answer = await forms.send(
        FORMS.announce.callback,
        announcementValues({ ...scheduled, send_day: iso.slice(0, 10), send_time: iso.slice(11, 16) }),
      );
      const row = stored.newest();
      scheduledId = row?.id;
      const listed = await parents.list(BHARAT);
      return [
        ...expectEqual('the submission', [answer.status, answer.text], [200, '']),
        ...expectEqual(
          'stored',
          [row?.title_en, row?.audience_label, Date.parse(row?.send_at ?? ''), row?.sent_at, row?.recipients],
          [scheduled.title_en, slotLabel(soon), sendAt.getTime(), null, []],
        ),
        ...expectEqual(
          'listed before its time',
          listed.some((a) => a.announcement_id === row?.id),
          false,
        ),
        ...(postOf(stack, row?.id)?.text.includes(`To: ${slotLabel(soon)}\nSends `)
          ? []
          : [`the post: ${postOf(stack, row?.id)?.text}`]),
      ];
    },
  );

  let englishId: string | undefined;
  await results.run(
    'announcements: one in English to a facilitator’s parents is stored with its recipients and posted with its audience and "seen by 0 of 3"; a Hindi reader reads the English; a device in quiet hours is held; a forged or stale submission stores nothing',
    async () => {
      const before = stored.count();
      const values = announcementValues({ ...ENGLISH, audience: `facilitator|${KAVYA.id}` });
      const answer = await forms.send(FORMS.announce.callback, values);
      const row = stored.newest();
      englishId = row?.id;
      const post = postOf(stack, row?.id);
      const listed = (await parents.list(BHARAT, 'hi')).find((a) => a.announcement_id === row?.id);
      const held = await eventually(() =>
        stack.postgres
          .rows<{ held: boolean }>(
            `SELECT held FROM thrive.push_jobs WHERE announcement_id = '${row?.id}' AND endpoint = '${anitaPhone.json.endpoint}'`,
          )
          .some((job) => job.held),
      );
      const counted = stored.count();
      const forged = await forms.send(FORMS.announce.callback, values, { secret: 'not-the-secret' });
      const stale = await forms.send(FORMS.announce.callback, values, {
        secret: SECRETS.slackSigning,
        timestamp: Math.floor(Date.now() / 1000) - 6 * 60,
      });
      return [
        ...expectEqual('the submission', [answer.status, answer.text], [200, '']),
        ...expectEqual('stored once', counted - before, 1),
        ...expectEqual(
          'stored',
          [row?.kind, row?.title_en, row?.body_en, row?.title_hi, row?.urgent, row?.created_by, row?.recipients],
          [
            'announcement',
            ENGLISH.title_en,
            ENGLISH.body_en,
            null,
            false,
            STAFF.name,
            [ANITA, BHARAT, CHITRA].map((p) => p.number),
          ],
        ),
        ...expectEqual(
          'the post',
          [
            post?.channel,
            post?.text.split('\n').slice(1, 3),
            post?.text.includes('· seen by 0 of 3 · pushed to '),
            post?.blocks?.some((b) => b.elements?.some((e) => e.action_id === 'withdraw')),
          ],
          [STAFF_CHANNEL, [`*${ENGLISH.title_en}*`, `To: ${KAVYA.name}'s parents`], true, true],
        ),
        ...expectEqual(
          'read in Hindi',
          [listed?.language, listed?.title, listed?.body, listed?.seen],
          ['en', ENGLISH.title_en, ENGLISH.body_en, false],
        ),
        ...expectEqual(
          'held for the device in quiet hours, not pushed',
          [held, pushesTo(anitaPhone.json.endpoint, row?.id).length],
          [true, 0],
        ),
        ...expectEqual('forged, stale', [forged.status, stale.status], [401, 401]),
        ...expectEqual('stored by them', stored.count(), counted),
      ];
    },
  );

  const { triggerId: problemForm, view: problemView } = await forms.open(FORMS.announce.callback);
  const wrong: [string, AnnouncementForm, string, string][] = [
    ['empty texts', { audience: 'everyone' }, 'title_en', PROBLEMS.text.noText],
    [
      'a title over 80 characters',
      { ...ENGLISH, title_en: 'x'.repeat(81), audience: 'everyone' },
      'title_en',
      PROBLEMS.text.titleTooLong,
    ],
    [
      'a Hindi text over 1,000 characters',
      { title_hi: 'सूचना', body_hi: 'क'.repeat(1001), audience: 'everyone' },
      'body_hi',
      PROBLEMS.text.bodyTooLong,
    ],
    [
      'a Hindi title without its text',
      { ...ENGLISH, title_hi: 'सूचना', audience: 'everyone' },
      'body_hi',
      PROBLEMS.text.titleOnly,
    ],
    [
      'a direction override (U+202E) in the title',
      { ...ENGLISH, title_en: 'Invoice \u202Efdp.exe', audience: 'everyone' },
      'title_en',
      PROBLEMS.text.direction,
    ],
    [
      'an audience of nobody: a facilitator without parents',
      { ...ENGLISH, audience: `facilitator|${RAVI.id}` },
      'audience',
      PROBLEMS.nobody,
    ],
    [
      'an audience of nobody: chosen parents, none chosen',
      { ...ENGLISH, audience: 'parents' },
      'parents',
      PROBLEMS.nobody,
    ],
    [
      'a time in the past',
      { ...ENGLISH, audience: 'everyone', send_day: addDays(toIstIso(now).slice(0, 10), -1), send_time: '10:00' },
      'send_day',
      PROBLEMS.when.past,
    ],
    [
      'urgent, not confirmed',
      { ...ENGLISH, audience: 'everyone', urgent: true },
      'confirm',
      PROBLEMS.urgentUnconfirmed,
    ],
  ];
  for (const [what, form, block, problem] of wrong) {
    await results.run(`announcements: ${what} is shown its problem in the form and stores nothing`, async () => {
      const before = stored.count();
      const answer = await forms.submit(problemForm, announcementValues(form), STAFF);
      return [
        ...expectEqual(
          'the answer',
          [answer.status, json(answer)],
          [200, { response_action: 'errors', errors: { [block]: problem } }],
        ),
        ...(problemView && inputBlocks(problemView).includes(block) ? [] : [`${block} is no input block of the form`]),
        ...expectEqual('stored', stored.count(), before),
      ];
    });
  }

  await results.run(
    'announcements: parents mark it seen through the portal webhook; the post says "seen by 1 of 3", then "seen by 2 of 3"',
    async () => {
      const post = postOf(stack, englishId);
      const first = await parents.mark(BHARAT, englishId ?? '');
      const one = await eventually(() => post?.text.includes('· seen by 1 of 3 ·') === true);
      const marks = await Promise.all([parents.mark(CHITRA, englishId ?? ''), parents.mark(BHARAT, englishId ?? '')]);
      const two = await eventually(() => post?.text.includes('· seen by 2 of 3 ·') === true);
      return [
        ...expectEqual('the marks', [first.status, ...marks.map((m) => m.status)], [200, 200, 200]),
        ...expectEqual('seen by 1, then 2', [one, two], [true, true]),
        ...(post ? [] : ['no post']),
      ];
    },
  );

  await results.run(
    'announcements: an urgent one in English and Hindi to chosen parents is pushed through quiet hours, in the device’s language, its text only with show_text',
    async () => {
      const form = { ...ENGLISH, title_hi: 'शुक्रवार को सेशन नहीं', body_hi: 'शुक्रवार को केंद्र बंद रहेगा।' };
      const answer = await forms.send(
        FORMS.announce.callback,
        announcementValues({ ...form, audience: 'parents', parents: [ANITA, CHITRA], urgent: true, confirm: true }),
      );
      const row = stored.newest();
      const pushed = await push.service.nextPush(
        (p) =>
          p.endpoint === anitaPhone.json.endpoint &&
          (p.json as { announcement_id?: string })?.announcement_id === row?.id,
        90_000,
      );
      return [
        ...expectEqual('the submission', [answer.status, answer.text], [200, '']),
        ...expectEqual(
          'stored',
          [row?.urgent, row?.audience_label, row?.recipients],
          [true, `Chosen parents: ${ANITA.name}, ${CHITRA.name}`, [ANITA.number, CHITRA.number]],
        ),
        ...expectEqual(
          'the push',
          [pushed.json, pushed.urgency],
          [
            { kind: 'announcement', announcement_id: row?.id, title: form.title_hi, urgent: true, language: 'hi' },
            'high',
          ],
        ),
        ...expectEqual(
          'the post',
          postOf(stack, row?.id)?.text.split('\n')[0],
          `:mega: Announcement (urgent) by ${STAFF.name}`,
        ),
      ];
    },
  );

  await results.run(
    'announcements: withdrawn with its post’s button: it leaves the parents’ lists, its held push is never sent and its texts not yet sent are dropped, a mark is refused, the post says so',
    async () => {
      const post = postOf(stack, englishId);
      if (!post) return ['no post'];
      const unsent = () =>
        stack.postgres.rows(
          `SELECT id FROM thrive.text_notices WHERE announcement_id = '${englishId}' AND state IN ('waiting', 'queued')`,
        ).length;
      const unsentBefore = unsent();
      const { answer } = await forms.click(post, 'withdraw', STAFF);
      const [row] = stored.all().filter((a) => a.id === englishId);
      const jobs = stack.postgres.rows(`SELECT id FROM thrive.push_jobs WHERE announcement_id = '${englishId}'`);
      const listed = await parents.list(BHARAT);
      const mark = await parents.mark(ANITA, englishId ?? '');
      const shown = await eventually(() => post.text.endsWith('\nWithdrawn'));
      return [
        ...expectEqual('the click', [answer.status, answer.text], [200, '']),
        ...(row?.withdrawn_at ? [] : ['not withdrawn']),
        ...expectEqual('its pushes left', jobs.length, 0),
        ...expectEqual('its texts not yet sent, before and after', [unsentBefore > 0, unsent()], [true, 0]),
        ...expectEqual(
          'listed',
          listed.some((a) => a.announcement_id === englishId),
          false,
        ),
        ...expectEqual('a mark', mark.status, 404),
        ...expectEqual('the post', [shown, post.blocks?.some((b) => b.type === 'actions')], [true, false]),
        ...expectEqual('pushed to the device in quiet hours', pushesTo(anitaPhone.json.endpoint, englishId).length, 0),
      ];
    },
  );

  await runSessionChangeChecks(stack, results, { soon, later, started, anitaPhone });

  await results.run(
    'announcements: the scheduled one is sent at its time by Thrive push’s minute run: pushed, listed, its post updated',
    async () => {
      const pushed = await push.service.nextPush(
        (p) =>
          p.endpoint === bharatPhone.json.endpoint &&
          (p.json as { announcement_id?: string })?.announcement_id === scheduledId,
        sendAt.getTime() + 150_000 - Date.now(),
      );
      const listed = (await parents.list(BHARAT)).find((a) => a.announcement_id === scheduledId);
      const post = postOf(stack, scheduledId);
      // Bharat's phone took its push: the post says so, as /staff does.
      const updated = await eventually(() => post?.text.includes('· seen by 0 of 2 · pushed to 1 ·') === true, 90_000);
      return [
        ...(pushed.receivedAt >= sendAt.getTime() ? [] : [`pushed at ${new Date(pushed.receivedAt).toISOString()}`]),
        ...expectEqual('the push', pushed.json, {
          kind: 'announcement',
          announcement_id: scheduledId,
          title: scheduled.title_en,
          text: scheduled.body_en,
          urgent: false,
          language: 'en',
        }),
        ...expectEqual('listed', listed?.title, scheduled.title_en),
        ...expectEqual('the post', [updated, post?.text.split('\n')[3]?.startsWith('Sent ')], [true, true]),
      ];
    },
  );

  await results.run('announcements: no workflow failed meanwhile (Thrive errors posted nothing)', async () =>
    failuresSince(stack, from),
  );

  await results.run(
    'announcements: a submission n8n fails to store is answered 500, not the 200 that closes a form as if it were sent, and is reported in the staff channel',
    async () => {
      const before = stored.count();
      const posted = slack.messages.length;
      // Postgres refuses it, as a database gone would: the function that stores one is renamed for the moment.
      const rename = (from: string, to: string) =>
        stack.postgres.run(`ALTER FUNCTION thrive.${from}(jsonb, json, timestamptz) RENAME TO ${to}`);
      rename('create_announcement', 'create_announcement_away');
      const answer = await forms
        .send(FORMS.announce.callback, announcementValues({ ...ENGLISH, audience: 'everyone' }))
        .finally(() => rename('create_announcement_away', 'create_announcement'));
      const reported = await eventually(() =>
        failuresSince(stack, posted).some((text) =>
          text.includes('"Thrive announcements" failed at "Create announcement"'),
        ),
      );
      return [
        ...expectEqual('the answer', answer.status, 500),
        ...expectEqual('stored', stored.count(), before),
        ...expectEqual('reported by Thrive errors', reported, true),
      ];
    },
  );
}
