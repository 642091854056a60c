/**
 * What the announcement checks share: the programme team's Slack forms (opened by their shortcut, submitted in
 * Slack's state.values shape, a field left empty sent as Slack sends it: null), what n8n stored of an announcement,
 * its post in the staff channel, a parent's reads through the portal webhook, a verified device of a parent, and a
 * roster of their own beside the others: Kavya Iyer's three parents and Ravi Menon, who has none.
 */
import { createHash, randomUUID } from 'node:crypto';
import { toIstIso } from '../../../src/shared/format/ist.ts';
import { weekdayOf } from '../../../src/shared/schedule/week.ts';
import { buildEnvelope } from '../../../src/shared/webhook/envelope.ts';
import type { Announcement, ScheduleChange } from '../../../src/shared/webhook/announcements.ts';
import type { Language, User } from '../../../src/shared/webhook/types.ts';
import type { FakeSubscription } from '../../support/fake-push-service.ts';
import { SLACK_ANNOUNCEMENT_EVENT } from '../../../n8n/source/toolkit/ids.ts';
import { poster } from './check-helpers.ts';
import { SECRETS } from './conversation-fakes.ts';
import { slackInteractions, type Signing, type SlackUser } from './slack-interactions.ts';
import type { ModalView } from './slack-views.ts';
import type { Stack } from './stack.ts';

export const STAFF: SlackUser = { id: 'U0PRIYA', name: 'priya' };
export const KAVYA = { id: 'kavya-iyer', name: 'Kavya Iyer' };
export const RAVI = { id: 'ravi-menon', name: 'Ravi Menon' };
export const ANITA: User = { name: 'Anita Desai', number: '+919100000001' };
export const BHARAT: User = { name: 'Bharat Singh', number: '+919100000002' };
export const CHITRA: User = { name: 'Chitra Rao', number: '+919100000003' };

/** Kavya Iyer's weekly session `hours` from now, in India: its weekday and "HH:mm", and this week's day of it. */
export function slotIn(hours: number, now = new Date()) {
  const iso = toIstIso(new Date(now.getTime() + hours * 3600_000));
  const day = iso.slice(0, 10);
  return { weekday: weekdayOf(day), time: iso.slice(11, 16), facilitator_id: KAVYA.id, facilitator: KAVYA.name, day };
}
export type Slot = ReturnType<typeof slotIn>;

/** Kavya's parents on the roster, with their sessions; Ravi on it with none. */
export function addRoster({ postgres }: Stack, sessions: [User, Slot][]) {
  const parents = [ANITA, BHARAT, CHITRA].map((p) => `('${p.number}', '${p.name}', '${KAVYA.id}')`);
  const rows = sessions.map(([p, s]) => `('${p.number}', ${s.weekday}, '${s.time}', '${KAVYA.id}')`);
  postgres.run(`INSERT INTO thrive.facilitators (id, name, slack_channel) VALUES
      ('${KAVYA.id}', '${KAVYA.name}', '#facilitator-${KAVYA.id}'), ('${RAVI.id}', '${RAVI.name}', '#facilitator-${RAVI.id}')
      ON CONFLICT DO NOTHING;
    INSERT INTO thrive.parents (number, name, facilitator_id) VALUES ${parents.join(', ')} ON CONFLICT DO NOTHING;
    INSERT INTO thrive.sessions (parent_number, weekday, start_time, facilitator_id) VALUES ${rows.join(', ')}
      ON CONFLICT DO NOTHING;`);
}

/** A verified device of the parent subscribed to the fake push service, in `language`, with these settings. */
export function addDevice({ postgres, push }: Stack, parent: User, language: Language, settings: object) {
  const subscription: FakeSubscription = push.service.subscribe({ applicationServerKey: push.vapid.publicKey });
  const hash = createHash('sha256').update(randomUUID()).digest('hex');
  const { endpoint, keys } = subscription.json;
  postgres.run(`INSERT INTO thrive.parent_tokens (token_hash, number_key, created_at, expires_at)
      VALUES ('${hash}', '${parent.number}', now(), now() + interval '1 day');
    INSERT INTO thrive.push_settings (token_hash, settings, language, updated_at)
      VALUES ('${hash}', '${JSON.stringify(settings)}', '${language}', now());
    INSERT INTO thrive.push_subscriptions (endpoint, token_hash, number_key, p256dh, auth, created_at)
      VALUES ('${endpoint}', '${hash}', '${parent.number}', '${keys.p256dh}', '${keys.auth}', now())`);
  return subscription;
}

type Values = Record<string, Record<string, unknown>>;
const field = (id: string, element: Record<string, unknown>): Values => ({ [id]: { [id]: element } });
const option = (text: string, value: string) => ({ text: { type: 'plain_text', text, emoji: true }, value });
const text = (id: string, value: string | undefined) => field(id, { type: 'plain_text_input', value: value ?? null });
const ticked = (id: string, on: boolean | undefined) =>
  field(id, { type: 'checkboxes', selected_options: on ? [option(id, id)] : [] });
const day = (id: string, value: string | undefined) => field(id, { type: 'datepicker', selected_date: value ?? null });
const time = (id: string, value: string | undefined) => field(id, { type: 'timepicker', selected_time: value ?? null });
const chosen = (id: string, value: string | undefined) =>
  field(id, { type: 'static_select', selected_option: value === undefined ? null : option(value, value) });

export interface AnnouncementForm {
  title_en?: string;
  body_en?: string;
  title_hi?: string;
  body_hi?: string;
  /** The audience's value as the form lists it: everyone, facilitator|<id>, session|<slot>, parents. */
  audience?: string;
  parents?: User[];
  send_day?: string;
  send_time?: string;
  urgent?: boolean;
  confirm?: boolean;
}

/** The announcement form's state.values as Slack submits them. */
export const announcementValues = (form: AnnouncementForm): Values => ({
  ...text('title_en', form.title_en),
  ...text('body_en', form.body_en),
  ...text('title_hi', form.title_hi),
  ...text('body_hi', form.body_hi),
  ...chosen('audience', form.audience),
  ...field('parents', {
    type: 'multi_external_select',
    selected_options: (form.parents ?? []).map((p) => option(p.name, p.number)),
  }),
  ...day('send_day', form.send_day),
  ...time('send_time', form.send_time),
  ...ticked('urgent', form.urgent),
  ...ticked('confirm', form.confirm),
});

export interface ChangeForm {
  change: 'cancel' | 'holiday' | 'move';
  slot?: string;
  day?: string;
  to_day?: string;
  to_time?: string;
  reason?: string;
}

/** The session change form's state.values as Slack submits them. */
export const changeValues = (form: ChangeForm): Values => ({
  ...field('change', { type: 'radio_buttons', selected_option: option(form.change, form.change) }),
  ...chosen('slot', form.slot),
  ...day('day', form.day),
  ...day('to_day', form.to_day),
  ...time('to_time', form.to_time),
  ...text('reason', form.reason),
});

/** The programme team in Slack: a form opened by its shortcut, and submitted, signed as Slack signs. */
export function staffForms({ slack, n8n }: Stack) {
  const slackUser = slackInteractions(slack, n8n.url, { secret: SECRETS.slackSigning });
  const open = async (callback: string, sign?: Signing) => {
    const { answer, triggerId } = await slackUser.shortcut(callback, STAFF, sign);
    return { answer, triggerId, view: slack.views.find((v) => v.triggerId === triggerId)?.view };
  };
  return {
    ...slackUser,
    open,
    /** A form opened by its shortcut and submitted with `values`: the submission's answer. */
    async send(callback: string, values: Values, sign?: Signing) {
      const { triggerId } = await open(callback);
      return slackUser.submit(triggerId, values, STAFF, sign);
    },
  };
}

export interface StoredAnnouncement {
  id: string;
  kind: string;
  title_en: string | null;
  body_en: string | null;
  title_hi: string | null;
  body_hi: string | null;
  audience_label: string;
  send_at: string;
  sent_at: string | null;
  withdrawn_at: string | null;
  urgent: boolean;
  created_by: string;
  reason: string | null;
  recipients: string[];
}

/** What n8n stored: the announcements (newest first), with their recipients' numbers. */
export function storedAnnouncements({ postgres }: Stack) {
  const all = () =>
    postgres.rows<StoredAnnouncement>(`SELECT a.id, a.kind, a.title_en, a.body_en, a.title_hi, a.body_hi,
        a.audience_label, a.send_at, a.sent_at, a.withdrawn_at, a.urgent, a.created_by, a.reason,
        coalesce((SELECT json_agg(r.number_key ORDER BY r.number_key) FROM thrive.announcement_recipients r
          WHERE r.announcement_id = a.id), '[]') AS recipients
      FROM thrive.announcements a ORDER BY a.created_at DESC`);
  return { all, count: () => all().length, newest: () => all()[0] };
}

/** Every option of a form's select, listed or in groups: [value, text]. */
export const optionsOf = (view: ModalView | undefined, block: string) => {
  const element = view?.blocks?.find((b) => b.block_id === block)?.element;
  const options = element?.options ?? element?.option_groups?.flatMap((group) => group.options ?? []) ?? [];
  return options.map((o) => [o.value, o.text?.text]);
};

/** The staff channel's post of an announcement (found by its metadata, as a retry finds it). */
export const postOf = ({ slack }: Stack, id: string | undefined) =>
  slack.messages.find(
    (m) =>
      m.metadata?.event_type === SLACK_ANNOUNCEMENT_EVENT &&
      id !== undefined &&
      m.metadata.event_payload.announcement_id === id,
  );

/** What Thrive errors posted (a workflow's execution failed) since `from` messages: each a problem. */
export const failuresSince = ({ slack }: Stack, from: number) =>
  slack.messages
    .slice(from)
    .filter((m) => m.text.startsWith(':warning: The n8n workflow'))
    .map((m) => m.text);

/** A parent's reads and marks through the portal webhook, as the portal sends them. */
export function parentReads({ n8n }: Stack) {
  const post = poster(n8n.webhookUrl);
  const json = (text: string) => JSON.parse(text) as Record<string, unknown>;
  return {
    async list(user: User, language: Language = 'en') {
      const answer = await post({ action: 'list_announcements', user, language });
      return answer.status === 200 ? (json(answer.text).announcements as Announcement[]) : [];
    },
    mark: (user: User, id: string) =>
      post({
        ...buildEnvelope({ action: 'know_schedule', user, payload: {} }),
        action: 'mark_announcement_seen',
        payload: { announcement_id: id },
      }),
    async schedule(user: User) {
      const answer = await post(buildEnvelope({ action: 'know_schedule', user, payload: {} }));
      return json(answer.text) as { schedule?: string; changes?: ScheduleChange[] };
    },
  };
}
