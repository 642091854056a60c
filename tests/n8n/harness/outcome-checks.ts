/**
 * Request outcomes through Slack on a running n8n (ThriveSlackActions, ThriveRequests and the portal webhook): a
 * parent's reschedule request posts a notice with its three buttons; the fake Slack clicks one and submits the
 * form it opens, signed; the answer is recorded with who and when, the parent's thread gets its event line, the
 * notice loses its buttons. The parent then reads it through the contract's actions: list_requests (compared with
 * the reference server's own rule, src/shared/schedule/request-session.ts, on the rows n8n stored), know_schedule
 * with the confirmed move, accept_offer (a stale offer and another parent's request refused, storing nothing). The
 * journeys: confirm, offer then accept, decline with a reason (in Hindi); and forged or stale clicks refused.
 */
import { createHash, randomUUID } from 'node:crypto';
import { answerText } from '../../../server/contract/texts.ts';
import { whenText } from '../../../server/requests/actions.ts';
import type { OutcomeRow } from '../../../src/shared/rules/request-outcome.ts';
import { parentRequest } from '../../../src/shared/schedule/request-session.ts';
import { addDays, scheduleDayName, weekdayOf } from '../../../src/shared/schedule/week.ts';
import { toIstIso } from '../../../src/shared/format/ist.ts';
import type { ParentRequest } from '../../../src/shared/webhook/requests.ts';
import { expectEqual, poster, type Answer } from './check-helpers.ts';
import { PUSH_WRAPPER_PATH } from './push-fakes.ts';
import { SECRETS } from './conversation-fakes.ts';
import type { Results } from './results.ts';
import { slackInteractions } from './slack-interactions.ts';
import type { Stack } from './stack.ts';

/** A parent of their own, so the contract's requests of the test parent stay out of these lists. */
const PARENT = { name: 'Outcome Parent', number: '+919000000088' };
const OTHER = { name: 'Test Parent', number: '+919000000001' };
/** The parent's one weekly session: Sunday 23:50, the week's last, so it is still ahead whenever this runs. */
const SESSION = { weekday: 7, time: '23:50', facilitator: 'Meera Nair' };
const MEERA = { id: 'U0MEERA', name: 'meera' };
const ARJUN = { id: 'U0ARJUN', name: 'arjun' };

interface Stored {
  request_id: string;
  action: string;
  payload: Record<string, unknown>;
  timestamp_ist: string;
}

export async function runOutcomeChecks({ n8n, postgres, slack, push }: Stack, results: Results): Promise<void> {
  const post = poster(n8n.webhookUrl);
  const slackUser = slackInteractions(slack, n8n.url, { secret: SECRETS.slackSigning });
  const today = toIstIso(new Date()).slice(0, 10);
  const sunday = addDays(today, 7 - weekdayOf(today));
  postgres.run(`INSERT INTO thrive.parents (number, name, facilitator_id) VALUES ('${PARENT.number}', '${PARENT.name}', 'meera-nair')
    ON CONFLICT (number) DO NOTHING;
    INSERT INTO thrive.sessions (parent_number, weekday, start_time, facilitator_id)
    VALUES ('${PARENT.number}', ${SESSION.weekday}, '${SESSION.time}', 'meera-nair') ON CONFLICT DO NOTHING`);

  const send = (action: string, fields: Record<string, unknown>) =>
    post({ action, user: PARENT, ...fields, timestamp_ist: toIstIso(new Date()), request_id: randomUUID() });
  /** An answer's JSON; a refusal's text as { text }, so a check names what came instead. */
  const json = (answer: Answer): Record<string, unknown> => {
    try {
      return JSON.parse(answer.text) as Record<string, unknown>;
    } catch {
      return { status: answer.status, text: answer.text };
    }
  };
  const listed = async () => {
    const answer = await post({ action: 'list_requests', user: PARENT });
    return answer.status === 200 ? (json(answer).requests as ParentRequest[]) : [];
  };
  const answersOf = (id: string) =>
    postgres.rows<OutcomeRow>(`SELECT kind, starts_at, offer_id, reason, answered_by, answered_at
      FROM thrive.request_answers WHERE request_id = '${id}' ORDER BY id`);
  /** What the reference server's rules make of the request and the answers n8n stored: list_requests must say it. */
  const expected = (id: string) => {
    const [row] = postgres.rows<Stored>(
      `SELECT request_id, action, payload, timestamp_ist FROM thrive.requests WHERE request_id = '${id}'`,
    );
    return row && parentRequest(row, answersOf(id), [SESSION]);
  };
  /** The event lines of the parent's thread, read as stored: a chat_thread would count as the parent reading them. */
  const events = () =>
    postgres.rows<{ text: string; author: string }>(
      `SELECT text, staff_name AS author FROM thrive.thread_messages
      WHERE number_key = '${PARENT.number}' AND event ORDER BY id`,
    );

  /** A reschedule request sent, and its notice in the staff channel with the buttons for it. */
  const requested = async (action: string, payload: Record<string, string>, language = 'en') => {
    const request_id = randomUUID();
    const answer = await post({
      action,
      user: PARENT,
      payload,
      language,
      timestamp_ist: toIstIso(new Date()),
      request_id,
    });
    const notice = slack.messages.find((m) => m.blocks?.some((b) => b.elements?.some((e) => e.value === request_id)));
    return { answer, request_id, notice };
  };
  /** A click on the notice's button, then the form it opened submitted with `values`. */
  const answered = async (
    notice: NonNullable<Awaited<ReturnType<typeof requested>>['notice']>,
    button: string,
    values: Record<string, Record<string, unknown>>,
    user = MEERA,
  ) => {
    const { answer: clicked, triggerId } = await slackUser.click(notice, button, user);
    const opened = slack.views.find((v) => v.triggerId === triggerId);
    const submitted = opened ? await slackUser.submit(triggerId, values, user) : undefined;
    return { clicked, opened, submitted };
  };
  const dayTime = (day: string, time: string) => ({
    day: { day: { type: 'datepicker', selected_date: day } },
    time: { time: { type: 'timepicker', selected_time: time } },
  });

  await results.run(
    'outcomes: staff confirm a reschedule from Slack (not on a past day); list_requests, know_schedule and the thread follow',
    async () => {
      const { answer, request_id, notice } = await requested('reschedule_range', {
        start_date: today,
        end_date: sunday,
      });
      if (answer.status !== 200 || !notice) return [`the request: ${answer.status} ${answer.text}, notice ${!!notice}`];
      const buttons = notice.blocks?.flatMap((b) => b.elements ?? []).map((e) => e.action_id);
      const waiting = (await listed()).find((r) => r.request_id === request_id);
      const past = await answered(notice, 'confirm', dayTime(addDays(today, -1), '16:00'));
      const afterPast = answersOf(request_id).length;
      const { clicked, opened, submitted } = await answered(notice, 'confirm', dayTime(sunday, '16:00'));
      const startsAt = `${sunday}T16:00:00+05:30`;
      const [row] = answersOf(request_id);
      const shown = (await listed()).find((r) => r.request_id === request_id);
      const schedule = json(await send('know_schedule', {})).schedule as string;
      const event = events().at(-1);
      return [
        ...expectEqual('the notice’s buttons', buttons, ['confirm', 'offer', 'decline']),
        ...expectEqual('before an answer, list_requests', waiting?.status, 'waiting'),
        ...expectEqual('the click', [clicked.status, clicked.text], [200, '']),
        ...expectEqual(
          'the form',
          [opened?.view.callback_id, opened?.view.blocks?.map((b) => b.block_id)],
          ['thrive_outcome', [undefined, 'day', 'time']],
        ),
        ...expectEqual(
          'the form starts on the first day asked for and the session’s time, as /staff',
          ['day', 'time'].map((id) => opened?.view.blocks?.find((b) => b.block_id === id)?.element),
          [
            { action_id: 'day', type: 'datepicker', initial_date: today },
            { action_id: 'time', type: 'timepicker', initial_time: SESSION.time },
          ],
        ),
        ...expectEqual(
          'a day before today, as /staff refuses it, and nothing recorded',
          [past.submitted?.status, past.submitted && json(past.submitted), afterPast],
          [
            200,
            { response_action: 'errors', errors: { day: 'The day is in the past: choose today or a later day' } },
            0,
          ],
        ),
        ...expectEqual('the submission', [submitted?.status, submitted?.text], [200, '']),
        ...expectEqual(
          'what was recorded',
          [row?.kind, row?.starts_at, row?.answered_by],
          ['confirmed', startsAt, MEERA.name],
        ),
        ...expectEqual(
          'list_requests, as the reference server’s rules read the stored answers',
          shown,
          expected(request_id),
        ),
        ...expectEqual(
          'its status, time and SEQUENCE',
          [shown?.status, shown?.confirmed, shown?.calendar?.sequence],
          ['confirmed', { starts_at: startsAt, differs: false }, 1],
        ),
        ...(schedule.includes(`${scheduleDayName(sunday)}: 4:00 PM with Meera Nair`) && !schedule.includes('11:50 PM')
          ? []
          : [`know_schedule does not show the move: ${schedule}`]),
        ...expectEqual(
          'the event line',
          [event?.text, event?.author],
          [answerText('en', 'eventConfirmed', { when: whenText(startsAt, 'en') }), MEERA.name],
        ),
        ...expectEqual(
          'the notice, updated',
          [
            notice.updates,
            notice.blocks?.some((b) => b.type === 'actions'),
            notice.text.includes(`Confirmed for ${whenText(startsAt, 'en')}, by meera`),
          ],
          [1, false, true],
        ),
      ];
    },
  );

  await results.run(
    'outcomes: staff offer another time; a stale offer and another parent are refused, storing nothing; the parent accepts once',
    async () => {
      const { request_id, notice } = await requested('reschedule_single', { date: sunday });
      if (!notice) return ['no notice with buttons'];
      await answered(notice, 'offer', dayTime(sunday, '18:30'), ARJUN);
      const offered = (await listed()).find((r) => r.request_id === request_id);
      const offeredByRules = expected(request_id);
      const offer = offered?.offer;
      if (!offer) return [`no offer listed: ${JSON.stringify(offered)}`];
      const before = answersOf(request_id).length;
      const stale = await send('accept_offer', { payload: { request_id, offer_id: 'withdrawn-offer' } });
      const stranger = await post({
        action: 'accept_offer',
        user: OTHER,
        payload: { request_id, offer_id: offer.offer_id },
        timestamp_ist: toIstIso(new Date()),
        request_id: randomUUID(),
      });
      const after = answersOf(request_id).length;
      const acceptance = {
        action: 'accept_offer',
        user: PARENT,
        payload: { request_id, offer_id: offer.offer_id },
        timestamp_ist: toIstIso(new Date()),
        request_id: randomUUID(),
        language: 'hi',
      };
      const accepted = await post(acceptance);
      const again = await post(acceptance);
      const shown = (await listed()).find((r) => r.request_id === request_id);
      const event = events().at(-1);
      return [
        ...expectEqual('the offer, as the reference server’s rules read it', offered, offeredByRules),
        ...expectEqual('a stale offer', [stale.status, stale.text], [409, answerText('en', 'offerNotOpen')]),
        ...expectEqual('another parent', [stranger.status, stranger.text], [404, answerText('en', 'requestNotFound')]),
        ...expectEqual('answers stored by the refusals', after - before, 0),
        ...expectEqual(
          'the acceptance',
          [accepted.status, json(accepted).message],
          [200, answerText('hi', 'offerAccepted', { when: whenText(offer.starts_at, 'hi') })],
        ),
        ...expectEqual('its request', json(accepted).request, shown),
        ...expectEqual(
          'the same acceptance again',
          [again.status, again.text, again.headers.get('idempotent-replayed')],
          [200, accepted.text, 'true'],
        ),
        ...expectEqual(
          'answers recorded',
          answersOf(request_id).map((a) => a.kind),
          ['offered', 'accepted'],
        ),
        ...expectEqual(
          'list_requests after',
          [shown?.status, shown?.confirmed?.starts_at, shown?.calendar?.sequence],
          ['confirmed', offer.starts_at, 1],
        ),
        ...expectEqual(
          'the event line',
          event?.text,
          answerText('en', 'eventAccepted', { when: whenText(offer.starts_at, 'en') }),
        ),
      ];
    },
  );

  await results.run(
    'outcomes: staff decline a Hindi parent’s request with a reason; a blank reason, or one that turns the direction of text, is shown its problem',
    async () => {
      const { request_id, notice } = await requested('reschedule_single', { date: today }, 'hi');
      if (!notice) return ['no notice with buttons'];
      const blank = await answered(notice, 'decline', {
        reason: { reason: { type: 'plain_text_input', value: '   ' } },
      });
      const reversed = await answered(notice, 'decline', {
        reason: { reason: { type: 'plain_text_input', value: 'Closed \u202Egnp.exe' } },
      });
      const declined = await answered(notice, 'decline', {
        reason: { reason: { type: 'plain_text_input', value: '  Meera is away that day.  ' } },
      });
      const shown = (await listed()).find((r) => r.request_id === request_id);
      return [
        ...expectEqual(
          'a blank reason',
          [blank.submitted?.status, blank.submitted && json(blank.submitted)],
          [200, { response_action: 'errors', errors: { reason: 'Please write a reason' } }],
        ),
        ...expectEqual(
          'a reason with a direction override',
          [reversed.submitted?.status, reversed.submitted && json(reversed.submitted)],
          [
            200,
            {
              response_action: 'errors',
              errors: {
                reason: 'The reason cannot contain characters that change the direction of text, such as U+202E',
              },
            },
          ],
        ),
        ...expectEqual('the form’s submission', declined.submitted?.status, 200),
        ...expectEqual(
          'list_requests',
          [shown?.status, shown?.reason, shown?.answered_by],
          ['declined', 'Meera is away that day.', MEERA.name],
        ),
        ...expectEqual('as the reference server’s rules read it', shown, expected(request_id)),
        ...expectEqual(
          'the event line, in the request’s language',
          events().at(-1)?.text,
          answerText('hi', 'eventDeclined', { reason: 'Meera is away that day.' }),
        ),
        ...expectEqual(
          'answers recorded',
          answersOf(request_id).map((a) => a.kind),
          ['declined'],
        ),
      ];
    },
  );

  await results.run(
    'outcomes: a click signed with another secret, or too long ago, is refused (401) and opens nothing',
    async () => {
      const { notice } = await requested('reschedule_single', { date: sunday });
      if (!notice) return ['no notice with buttons'];
      const views = slack.views.length;
      const forged = await slackUser.click(notice, 'confirm', MEERA, { secret: 'not-the-secret' });
      const stale = await slackUser.click(notice, 'confirm', MEERA, {
        secret: SECRETS.slackSigning,
        timestamp: Math.floor(Date.now() / 1000) - 6 * 60,
      });
      return [
        ...expectEqual('forged', forged.answer.status, 401),
        ...expectEqual('stale', stale.answer.status, 401),
        ...expectEqual('forms opened', slack.views.length, views),
        ...expectEqual(
          'the notice, as it was',
          [notice.updates, notice.blocks?.some((b) => b.type === 'actions')],
          [0, true],
        ),
      ];
    },
  );
  await results.run(
    'outcomes: a staff answer notifies the parent’s device as a request update, and its event line sends no new-message push',
    async () => {
      // A verified device of the parent, subscribed to the fake push service, never quiet, in Hindi.
      const subscription = push.service.subscribe({ applicationServerKey: push.vapid.publicKey });
      const hash = createHash('sha256').update(randomUUID()).digest('hex');
      const { endpoint, keys } = subscription.json;
      postgres.run(`INSERT INTO thrive.parent_tokens (token_hash, number_key, created_at, expires_at)
        VALUES ('${hash}', '${PARENT.number}', now(), now() + interval '1 day');
        INSERT INTO thrive.push_settings (token_hash, settings, language, updated_at)
        VALUES ('${hash}', '{"quiet_start": "00:00", "quiet_end": "00:00"}', 'hi', now());
        INSERT INTO thrive.push_subscriptions (endpoint, token_hash, number_key, p256dh, auth, created_at)
        VALUES ('${endpoint}', '${hash}', '${PARENT.number}', '${keys.p256dh}', '${keys.auth}', now())`);
      const { request_id, notice } = await requested('reschedule_single', { date: today });
      if (!notice) return ['no notice with buttons'];
      const pushed = push.service.nextPush((received) => received.endpoint === endpoint, 90_000);
      await answered(notice, 'decline', {
        reason: { reason: { type: 'plain_text_input', value: 'No room that day' } },
      });
      // Thrive push runs each minute; its test wrapper runs it now.
      const ran = await fetch(`${n8n.url}/webhook/${PUSH_WRAPPER_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ now: new Date().toISOString() }),
      });
      const update = await pushed;
      const kinds = push.service.received
        .filter((received) => received.endpoint === endpoint)
        .map((received) => (received.json as { kind?: string }).kind);
      return [
        ...expectEqual('the push run', ran.status, 200),
        ...expectEqual('the push', update.json, {
          kind: 'request_update',
          request_id,
          outcome: 'declined',
          language: 'hi',
        }),
        ...expectEqual('every push to the device', kinds, ['request_update']),
      ];
    },
  );
}
