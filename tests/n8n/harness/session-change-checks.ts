/**
 * Session changes from Slack on a running n8n (the session change form of ThriveAnnouncements, the portal
 * webhook's know_schedule and list_announcements, ThrivePush): staff cancel one week's occurrence of a roster
 * session, cancel every session of a day, or move one occurrence within its week, each with a reason; each is an
 * announcement to the parents it affects in both languages, from the programme's texts, urgent when the session
 * is within 24 hours, posted to the staff channel. know_schedule follows, as the reference server's rules read the
 * changes (src/shared/announcements/parent-view.ts, restOfWeek); a form put wrong is shown its problem and stores
 * nothing; a withdrawn change gives the parents their session back, and those whose session is still ahead are told
 * so in an update of their own; a move under way (its usual time passed, its new time not) is not withdrawn, and
 * whoever pressed Withdraw is told why, seen by them alone.
 */
import { en as PROBLEMS } from '../../../src/shared/announcements/messages.ts';
import { scheduleChangesOf, sessionRefOf } from '../../../src/shared/announcements/parent-view.ts';
import {
  sessionChangeText,
  withdrawnChangeText,
  type SessionChange,
} from '../../../src/shared/announcements/session-change-text.ts';
import { slotLabel, slotValue } from '../../../src/shared/announcements/slots.ts';
import { toIstIso } from '../../../src/shared/format/ist.ts';
import { startsAtOf } from '../../../src/shared/rules/request-outcome.ts';
import { restOfWeek } from '../../../src/shared/schedule/rest-of-week.ts';
import { addDays, weekdayOf, type WeeklySession } from '../../../src/shared/schedule/week.ts';
import type { User } from '../../../src/shared/webhook/types.ts';
import { FORMS } from '../../../n8n/source/announcements/texts.ts';
import type { FakeSubscription } from '../../support/fake-push-service.ts';
import {
  ANITA,
  BHARAT,
  changeValues,
  CHITRA,
  KAVYA,
  optionsOf,
  parentReads,
  postOf,
  STAFF,
  staffForms,
  storedAnnouncements,
  type ChangeForm,
  type Slot,
} from './announcement-helpers.ts';
import { eventually, expectEqual } from './check-helpers.ts';
import type { Results } from './results.ts';
import { inputBlocks } from './slack-views.ts';
import type { Stack } from './stack.ts';

export interface ChangeRoster {
  /** Anita's and Bharat's session, 2 hours from the start; Chitra's, 3 days from it; Chitra's, an hour before it. */
  soon: Slot;
  later: Slot;
  started: Slot;
  /** Anita's device, in Hindi, in its quiet hours. */
  anitaPhone: FakeSubscription;
}

const weekly = (slot: Slot): WeeklySession => ({
  weekday: slot.weekday,
  time: slot.time,
  facilitator: slot.facilitator,
});

export async function runSessionChangeChecks(stack: Stack, results: Results, roster: ChangeRoster): Promise<void> {
  const { soon, later, started, anitaPhone } = roster;
  const forms = staffForms(stack);
  const stored = storedAnnouncements(stack);
  const parents = parentReads(stack);
  const sessionsOf: [User, WeeklySession[]][] = [
    [ANITA, [weekly(soon)]],
    [BHARAT, [weekly(soon)]],
    [CHITRA, [weekly(later), weekly(started)]],
  ];
  /**
   * know_schedule as the reference server answers it with these changes standing (none: the roster's week) and
   * these withdrawn (their events put back).
   */
  const expectedSchedule = (
    parent: User,
    rows: Parameters<typeof scheduleChangesOf>[0],
    withdrawn: Parameters<typeof scheduleChangesOf>[0] = [],
  ) => {
    const now = new Date();
    const programme = scheduleChangesOf(rows, now, withdrawn);
    const sessions = sessionsOf.find(([p]) => p === parent)?.[1] ?? [];
    const schedule = restOfWeek(sessions, now, programme.moves, programme.cancelled);
    return programme.changes.length > 0 ? { schedule, changes: programme.changes } : { schedule };
  };
  const texts = (change: SessionChange) => {
    const [en, hi] = [sessionChangeText(change, 'en', new Date()), sessionChangeText(change, 'hi', new Date())];
    return { title_en: en.title, body_en: en.body, title_hi: hi.title, body_hi: hi.body };
  };
  const send = (form: ChangeForm) => forms.send(FORMS.change.callback, changeValues(form));
  const changesOf = (id: string | undefined) =>
    stack.postgres.rows<{ number_key: string; starts_at: string; moved_to: string | null }>(
      `SELECT number_key, starts_at, moved_to FROM thrive.session_changes WHERE announcement_id = '${id}' ORDER BY number_key`,
    );
  const withdraw = async (id: string | undefined) => {
    const post = postOf(stack, id);
    if (!post) return { status: 0, shown: false };
    const { answer } = await forms.click(post, 'withdraw', STAFF);
    return { status: answer.status, shown: await eventually(() => post.text.endsWith('\nWithdrawn')) };
  };

  await results.run(
    'session changes: the shortcut opens the session change form with the roster’s sessions',
    async () => {
      const { answer, view } = await forms.open(FORMS.change.callback);
      const element = (id: string) => view?.blocks?.find((b) => b.block_id === id)?.element;
      const slots = optionsOf(view, 'slot');
      return [
        ...expectEqual('the answer', [answer.status, answer.text], [200, '']),
        ...expectEqual(
          'the form',
          [view?.callback_id, view && inputBlocks(view)],
          [FORMS.change.callback, ['change', 'slot', 'day', 'to_day', 'to_time', 'reason']],
        ),
        ...expectEqual(
          'the changes',
          element('change')?.options?.map((o) => o.value),
          ['cancel', 'holiday', 'move'],
        ),
        ...expectEqual('Anita’s session', slots.find(([value]) => value === slotValue(soon))?.[1], slotLabel(soon)),
      ];
    },
  );

  const cancelled = {
    kind: 'cancelled',
    startsAt: startsAtOf(soon.day, soon.time),
    facilitator: KAVYA.name,
    reason: 'Kavya is unwell',
  } as const;
  let cancelledId: string | undefined;
  await results.run(
    'session changes: one week’s occurrence cancelled within 24 hours: an urgent announcement to its parents in both languages; know_schedule leaves it out and says why; pushed through quiet hours',
    async () => {
      const answer = await send({ change: 'cancel', slot: slotValue(soon), day: soon.day, reason: cancelled.reason });
      const row = stored.newest();
      cancelledId = row?.id;
      const rows = [
        {
          announcement_id: row?.id ?? '',
          starts_at: cancelled.startsAt,
          facilitator: KAVYA.name,
          moved_to: null,
          reason: cancelled.reason,
        },
      ];
      const schedule = await parents.schedule(ANITA);
      const listed = (await parents.list(BHARAT, 'hi')).find((a) => a.announcement_id === row?.id);
      const pushed = await stack.push.service.nextPush(
        (p) =>
          p.endpoint === anitaPhone.json.endpoint &&
          (p.json as { announcement_id?: string })?.announcement_id === row?.id,
        90_000,
      );
      return [
        ...expectEqual('the submission', [answer.status, answer.text], [200, '']),
        ...expectEqual(
          'stored',
          row && {
            kind: row.kind,
            title_en: row.title_en,
            body_en: row.body_en,
            title_hi: row.title_hi,
            body_hi: row.body_hi,
            urgent: row.urgent,
            reason: row.reason,
            audience: row.audience_label,
            recipients: row.recipients,
          },
          {
            kind: 'cancelled',
            ...texts(cancelled),
            urgent: true,
            reason: cancelled.reason,
            audience: `${slotLabel(soon)}, ${soon.day}`,
            recipients: [ANITA.number, BHARAT.number],
          },
        ),
        ...expectEqual(
          'its occurrences',
          changesOf(row?.id),
          [ANITA, BHARAT].map((p) => ({ number_key: p.number, starts_at: cancelled.startsAt, moved_to: null })),
        ),
        ...expectEqual('know_schedule', schedule, expectedSchedule(ANITA, rows)),
        ...expectEqual(
          'listed in Hindi',
          [listed?.kind, listed?.title, listed?.session, listed?.reason],
          ['cancelled', texts(cancelled).title_hi, sessionRefOf(cancelled.startsAt, KAVYA.name), cancelled.reason],
        ),
        ...expectEqual(
          'pushed',
          [(pushed.json as { urgent?: boolean }).urgent, (pushed.json as { title?: string }).title],
          [true, texts(cancelled).title_hi],
        ),
        ...expectEqual(
          'the post',
          postOf(stack, row?.id)?.text.split('\n')[0],
          `:mega: Session cancelled (urgent) by ${STAFF.name}`,
        ),
      ];
    },
  );

  await results.run(
    'session changes: every session of a day cancelled (a holiday) reaches every parent with a session that day, then is withdrawn',
    async () => {
      const day = addDays(toIstIso(new Date()).slice(0, 10), 2);
      const holiday = { kind: 'holiday', day, reason: 'Diwali' } as const;
      const expected = stack.postgres.rows<{ number_key: string; starts_at: string }>(
        `SELECT parent_number AS number_key, '${day}T' || start_time || ':00+05:30' AS starts_at FROM thrive.sessions
         WHERE weekday = ${weekdayOf(day)} ORDER BY parent_number, start_time`,
      );
      const answer = await send({ change: 'holiday', day, reason: holiday.reason });
      const row = stored.newest();
      const occurrences = stack.postgres.rows<{ number_key: string; starts_at: string }>(
        `SELECT number_key, starts_at FROM thrive.session_changes WHERE announcement_id = '${row?.id}' ORDER BY number_key, starts_at`,
      );
      const withdrawn = await withdraw(row?.id);
      return [
        ...expectEqual('the submission', [answer.status, answer.text], [200, '']),
        ...expectEqual(
          'stored',
          [row?.kind, row?.title_en, row?.body_hi, row?.urgent, row?.audience_label],
          ['cancelled', texts(holiday).title_en, texts(holiday).body_hi, false, `Every session on ${day}`],
        ),
        ...expectEqual('its parents', row?.recipients, [...new Set(expected.map((e) => e.number_key))]),
        ...expectEqual('its occurrences', occurrences, expected),
        ...(expected.length > 0 ? [] : ['no session on the roster that day']),
        ...expectEqual('withdrawn', withdrawn, { status: 200, shown: true }),
      ];
    },
  );

  const toDay = later.weekday < 7 ? addDays(later.day, 1) : addDays(later.day, -1);
  const moved = {
    kind: 'moved',
    startsAt: startsAtOf(later.day, later.time),
    facilitator: KAVYA.name,
    to: startsAtOf(toDay, '17:30'),
    reason: 'The hall is booked',
  } as const;
  let movedId: string | undefined;
  await results.run(
    'session changes: one occurrence moved to another day of its week, more than 24 hours ahead: not urgent; know_schedule shows it at its new time',
    async () => {
      const answer = await send({
        change: 'move',
        slot: slotValue(later),
        day: later.day,
        to_day: toDay,
        to_time: '17:30',
        reason: moved.reason,
      });
      const row = stored.newest();
      movedId = row?.id;
      const rows = [
        {
          announcement_id: row?.id ?? '',
          starts_at: moved.startsAt,
          facilitator: KAVYA.name,
          moved_to: moved.to,
          reason: moved.reason,
        },
      ];
      const listed = (await parents.list(CHITRA)).find((a) => a.announcement_id === row?.id);
      return [
        ...expectEqual('the submission', [answer.status, answer.text], [200, '']),
        ...expectEqual(
          'stored',
          [row?.kind, row?.title_en, row?.body_hi, row?.urgent, row?.recipients],
          ['moved', texts(moved).title_en, texts(moved).body_hi, false, [CHITRA.number]],
        ),
        ...expectEqual('its occurrence', changesOf(row?.id), [
          { number_key: CHITRA.number, starts_at: moved.startsAt, moved_to: moved.to },
        ]),
        ...expectEqual('know_schedule', await parents.schedule(CHITRA), expectedSchedule(CHITRA, rows)),
        ...expectEqual(
          'listed',
          [listed?.body, listed?.moved_to],
          [texts(moved).body_en, sessionRefOf(moved.to, KAVYA.name)],
        ),
      ];
    },
  );

  await results.run(
    'session changes: a move whose usual time has passed while its new time has not is not withdrawn: whoever pressed Withdraw is told why, seen by them alone',
    async () => {
      const post = postOf(stack, movedId);
      const before = { stored: stored.count(), told: stack.slack.ephemeral.length };
      const startsAt = (at: string) =>
        stack.postgres.run(
          `UPDATE thrive.session_changes SET starts_at = '${at}' WHERE announcement_id = '${movedId}'`,
        );
      // Its usual time an hour ago, for the moment: withdrawing it now would take Chitra's session off her schedule.
      startsAt(`${toIstIso(new Date(Date.now() - 3600_000)).slice(0, 16)}:00+05:30`);
      const click = post && (await forms.click(post, 'withdraw', STAFF).finally(() => startsAt(moved.startsAt)));
      return [
        ...expectEqual('the click', [click?.answer.status, click?.answer.text], [200, '']),
        ...expectEqual('told', stack.slack.ephemeral.slice(before.told), [
          { channel: post?.channelId, user: STAFF.id, text: PROBLEMS.moveUnderway },
        ]),
        ...expectEqual('withdrawn', stored.all().find((a) => a.id === movedId)?.withdrawn_at, null),
        ...expectEqual('stored', stored.count(), before.stored),
        ...expectEqual(
          'its button',
          post?.blocks?.some((b) => b.type === 'actions'),
          true,
        ),
      ];
    },
  );

  await results.run(
    'session changes: an occurrence takes one change (a second is shown its problem and stores nothing), and a holiday on the day one was moved to cancels it there; both withdrawn',
    async () => {
      const before = stored.count();
      const again = await send({ change: 'cancel', slot: slotValue(soon), day: soon.day, reason: 'Still unwell' });
      const stays = stored.count();
      const answer = await send({ change: 'holiday', day: toDay, reason: 'Bandh' });
      const row = stored.newest();
      const occurrences = changesOf(row?.id);
      const withdrawn = [await withdraw(row?.id), await withdraw(movedId)];
      return [
        ...expectEqual(
          'the second cancel',
          [again.status, JSON.parse(again.text || '""'), stays],
          [200, { response_action: 'errors', errors: { slot: PROBLEMS.alreadyChanged } }, before],
        ),
        ...expectEqual('the holiday', [answer.status, answer.text], [200, '']),
        ...(occurrences.some((o) => o.number_key === CHITRA.number && o.starts_at === moved.to && o.moved_to === null)
          ? []
          : [`the moved session is not among the holiday's occurrences: ${JSON.stringify(occurrences)}`]),
        ...expectEqual('the holiday and the move withdrawn', withdrawn, [
          { status: 200, shown: true },
          { status: 200, shown: true },
        ]),
      ];
    },
  );

  const { triggerId, view } = await forms.open(FORMS.change.callback);
  const yesterday = addDays(toIstIso(new Date()).slice(0, 10), -1);
  const wrong: [string, ChangeForm, string, string][] = [
    [
      'a blank reason',
      { change: 'cancel', slot: slotValue(soon), day: soon.day, reason: '   ' },
      'reason',
      PROBLEMS.reason.blank,
    ],
    [
      'a reason with a direction override (U+202E)',
      { change: 'cancel', slot: slotValue(soon), day: soon.day, reason: 'Closed \u202Egnp.exe' },
      'reason',
      PROBLEMS.reason.direction,
    ],
    [
      'a move to another week',
      {
        change: 'move',
        slot: slotValue(later),
        day: later.day,
        to_day: addDays(later.day, 7),
        to_time: '17:30',
        reason: 'Rain',
      },
      'to_day',
      PROBLEMS.move.otherWeek,
    ],
    [
      'an occurrence already started',
      { change: 'cancel', slot: slotValue(started), day: started.day, reason: 'Rain' },
      'slot',
      PROBLEMS.noOccurrence,
    ],
    [
      'a day the session is not on',
      { change: 'cancel', slot: slotValue(soon), day: addDays(soon.day, 1), reason: 'Rain' },
      'slot',
      PROBLEMS.noOccurrence,
    ],
    [
      'a day with no session left',
      { change: 'holiday', day: yesterday, reason: 'Rain' },
      'day',
      PROBLEMS.noSessionsThatDay,
    ],
  ];
  for (const [what, form, block, problem] of wrong) {
    await results.run(`session changes: ${what} is shown its problem in the form and stores nothing`, async () => {
      const before = stored.count();
      const answer = await forms.submit(triggerId, changeValues(form), STAFF);
      return [
        ...expectEqual(
          'the answer',
          [answer.status, JSON.parse(answer.text || '""')],
          [200, { response_action: 'errors', errors: { [block]: problem } }],
        ),
        ...(view && inputBlocks(view).includes(block) ? [] : [`${block} is no input block of the form`]),
        ...expectEqual('stored', stored.count(), before),
      ];
    });
  }

  await results.run(
    'session changes: the cancellation withdrawn: know_schedule gives the session back and its calendar event (restored), the parents’ lists leave it out, and its parents are told it is back in an urgent update, pushed and posted',
    async () => {
      const withdrawn = await withdraw(cancelledId);
      const listed = await parents.list(BHARAT);
      const update = stored.newest();
      const [en, hi] = [
        withdrawnChangeText(cancelled, 'en', new Date()),
        withdrawnChangeText(cancelled, 'hi', new Date()),
      ];
      const pushed = await stack.push.service.nextPush(
        (p) =>
          p.endpoint === anitaPhone.json.endpoint &&
          (p.json as { announcement_id?: string })?.announcement_id === update?.id,
        90_000,
      );
      return [
        ...expectEqual('withdrawn', withdrawn, { status: 200, shown: true }),
        ...expectEqual(
          'the update',
          update && {
            kind: update.kind,
            texts: [update.title_en, update.body_en, update.title_hi, update.body_hi],
            urgent: update.urgent,
            by: update.created_by,
            audience: update.audience_label,
            recipients: update.recipients,
            sent: update.sent_at !== null,
          },
          {
            kind: 'announcement',
            texts: [en.title, en.body, hi.title, hi.body],
            urgent: true,
            by: STAFF.name,
            audience: `${slotLabel(soon)}, ${soon.day}`,
            recipients: [ANITA.number, BHARAT.number],
            sent: true,
          },
        ),
        ...expectEqual('listed', listed.find((a) => a.announcement_id === update?.id)?.title, en.title),
        ...expectEqual('pushed in Hindi', (pushed.json as { title?: string }).title, hi.title),
        ...expectEqual(
          'the post',
          postOf(stack, update?.id)?.text.split('\n')[0],
          `:mega: Announcement (urgent) by ${STAFF.name}`,
        ),
        ...expectEqual(
          'know_schedule',
          await parents.schedule(ANITA),
          expectedSchedule(
            ANITA,
            [],
            [
              {
                announcement_id: cancelledId ?? '',
                starts_at: cancelled.startsAt,
                facilitator: KAVYA.name,
                moved_to: null,
                reason: cancelled.reason,
              },
            ],
          ),
        ),
        ...expectEqual(
          'listed',
          listed.some((a) => a.announcement_id === cancelledId),
          false,
        ),
      ];
    },
  );
}
