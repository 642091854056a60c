/**
 * The announcement routes under /staff, every POST guarded by the session,
 * its CSRF token and this origin (server/staff/routes.ts hands the guards
 * in). Writing one goes Preview (counts, nothing stored) then Send (checked
 * again, stored and sent, or kept for its time); a refusal stores nothing
 * and shows the form again as typed. Session changes are sent at once.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { en } from '../../src/shared/announcements/messages.ts';
import { checkAnnouncementTexts, checkSendAt, type AnnouncementTexts } from '../../src/shared/announcements/rules.ts';
import { formatIstDateTime } from '../../src/shared/format/ist.ts';
import { rosterNumberKey } from '../../src/shared/roster/fields.ts';
import type { ChangeForm, SessionChanges } from '../announcements/session-changes.ts';
import { slotLabel, slotValue } from '../announcements/session-changes.ts';
import type { AnnouncementStore, Audience } from '../announcements/store.ts';
import {
  announcementsPage,
  FORM_FIELDS,
  parentCount,
  previewPage,
  type AnnouncementForm,
  type AnnouncementsView,
} from './announcement-pages.ts';
import type { StaffGuards, StaffSession } from './roster-guards.ts';
import { pageNumber } from './rules.ts';

export interface AnnouncementDeps {
  store: AnnouncementStore;
  sessionChanges: SessionChanges;
  /** How many of these numbers have notifications on for announcements. */
  reach: (numberKeys: readonly string[], now: Date) => number;
  /** Announcements were sent: the push sender should look. */
  onSent: () => void;
}

/** Announcements a page of the list holds, newest first; older ones are a page further. */
const LIST_SIZE = 30;

/** What the page says after a step, by the `done` it is given (never text from the address itself). */
const DONE = {
  sent: 'The announcement was sent.',
  kept: 'The announcement is kept until its time.',
  withdrawn:
    'The announcement was withdrawn: parents no longer see it, and pushes and texts not yet sent are not sent.',
  changed: 'The session change was sent to the parents it affects.',
  restored:
    'The session change was withdrawn: its sessions are back on the parents’ schedules, and the parents whose session is still ahead were sent an update saying so.',
} as const;

const doneOf = (raw: unknown) =>
  typeof raw === 'string' && Object.hasOwn(DONE, raw) ? DONE[raw as keyof typeof DONE] : undefined;

const field = (body: unknown, name: string) => {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

const formOf = (body: unknown) =>
  Object.fromEntries(FORM_FIELDS.map((name) => [name, field(body, name)])) as AnnouncementForm;

const EMPTY_FORM = formOf({});

type Checked =
  | {
      ok: true;
      audience: Audience;
      label: string;
      numbers: string[];
      sendAt: Date | undefined;
      texts: AnnouncementTexts;
    }
  | { ok: false; problem: string };

export async function announcementRoutes(
  staff: FastifyInstance,
  guards: Omit<StaffGuards, 'admin'>,
  { store, sessionChanges, reach, onSent }: AnnouncementDeps,
): Promise<void> {
  const { signedIn, guardedPost, htmlReply, clock } = guards;

  function audienceOf(form: AnnouncementForm): { audience: Audience; label: string } | { problem: string } {
    switch (form.audience) {
      case 'all':
        return { audience: { kind: 'all' }, label: 'Everyone on the roster' };
      case 'facilitator': {
        const facilitator = store.facilitators().find((f) => f.id === form.facilitator);
        return facilitator
          ? { audience: { kind: 'facilitator', id: facilitator.id }, label: `${facilitator.name}’s parents` }
          : { problem: en.audienceUnknown };
      }
      case 'session': {
        const slot = sessionChanges.slots().find((s) => slotValue(s) === form.slot);
        return slot
          ? {
              audience: { kind: 'session', weekday: slot.weekday, time: slot.time, facilitator: slot.facilitator_id },
              label: `The parents of ${slotLabel(slot)}`,
            }
          : { problem: en.audienceUnknown };
      }
      case 'parents':
        return chosenParents(form.numbers);
      default:
        return { problem: en.audienceUnknown };
    }
  }

  /**
   * Chosen parents: every number typed must be a phone number on the roster,
   * in any form the roster reads (098765 43210 as well; a refusal names the
   * others), so the label counts the parents it reaches.
   */
  function chosenParents(typed: string): { audience: Audience; label: string } | { problem: string } {
    const lines = typed
      .split(/[\n,;]+/)
      .map((line) => line.trim())
      .filter((line) => line !== '');
    const notPhones = lines.filter((line) => rosterNumberKey(line) === undefined);
    if (notPhones.length > 0) return { problem: `${en.chosenNotPhones} ${notPhones.join(', ')}` };
    const onRoster = (line: string) =>
      store.resolve({ kind: 'parents', numbers: [rosterNumberKey(line) ?? ''] }).length > 0;
    const unknown = lines.filter((line) => !onRoster(line));
    if (unknown.length > 0 && unknown.length === lines.length) {
      return { problem: `${en.nobody} ${en.chosenNotOnRoster} ${unknown.join(', ')}` };
    }
    if (unknown.length > 0) return { problem: `${en.chosenNotOnRoster} ${unknown.join(', ')}` };
    const numbers = [...new Set(lines.flatMap((line) => rosterNumberKey(line) ?? []))];
    return { audience: { kind: 'parents', numbers }, label: parentCount(numbers.length).replace(' ', ' chosen ') };
  }

  /** Every rule, in the order a person fixes them; nothing is stored. */
  function check(form: AnnouncementForm, now: Date): Checked {
    const texts = checkAnnouncementTexts(form);
    if (!texts.ok) return { ok: false, problem: en.text[texts.problem] };
    const chosen = audienceOf(form);
    if ('problem' in chosen) return { ok: false, problem: chosen.problem };
    const numbers = store.resolve(chosen.audience).map((r) => r.number_key);
    if (numbers.length === 0) return { ok: false, problem: en.nobody };
    const when = checkSendAt(form.send_day, form.send_time, now);
    if (!when.ok) return { ok: false, problem: en.when[when.problem] };
    if (form.urgent === '1' && form.urgent_confirmed !== '1') return { ok: false, problem: en.urgentUnconfirmed };
    return { ok: true, ...chosen, numbers, sendAt: when.at, texts: texts.texts };
  }

  /** The list's page `wanted` (1: the newest LIST_SIZE), or its last page when there are fewer. */
  const view = (extra: Partial<AnnouncementsView> = {}, wanted = 1): AnnouncementsView => {
    const pages = Math.max(1, Math.ceil(store.newest(0, 0).total / LIST_SIZE));
    const current = Math.min(wanted, pages);
    const { rows } = store.newest(LIST_SIZE, (current - 1) * LIST_SIZE);
    return {
      form: EMPTY_FORM,
      facilitators: store.facilitators(),
      slots: sessionChanges.slots(),
      list: rows.map((row) => ({ row, ...store.counts(row.id), unseen: store.unseen(row.id) })),
      page: current,
      pages,
      ...extra,
    };
  };

  const show = (
    reply: FastifyReply,
    session: StaffSession,
    status: number,
    extra: Partial<AnnouncementsView>,
    wanted = 1,
  ) => htmlReply(reply, status, announcementsPage(session.member, session.csrf, view(extra, wanted)));

  staff.get('/staff/announcements', async (request, reply) => {
    const session = signedIn(request);
    if (!session) return reply.redirect('/staff/sign-in', 303);
    const query = request.query as { done?: unknown; page?: unknown };
    const done = doneOf(query.done);
    if (store.sendDue(clock()) > 0) onSent();
    return show(reply, session, 200, done ? { done } : {}, pageNumber(query.page));
  });

  staff.post('/staff/announcements/preview', async (request, reply) => {
    const session = guardedPost(request, reply);
    if (!session) return reply;
    const form = formOf(request.body);
    const now = clock();
    const checked = check(form, now);
    if (!checked.ok) return show(reply, session, 400, { form, problem: checked.problem, problemOf: 'announcement' });
    const at = checked.sendAt ? formatIstDateTime(checked.sendAt, 'en') : undefined;
    const counts = { parents: checked.numbers.length, notified: reach(checked.numbers, now), label: checked.label, at };
    return htmlReply(reply, 200, previewPage(session.member, session.csrf, form, counts));
  });

  staff.post('/staff/announcements/edit', async (request, reply) => {
    const session = guardedPost(request, reply);
    if (!session) return reply;
    return show(reply, session, 200, { form: formOf(request.body) });
  });

  staff.post('/staff/announcements', async (request, reply) => {
    const session = guardedPost(request, reply);
    if (!session) return reply;
    const form = formOf(request.body);
    const now = clock();
    const checked = check(form, now);
    if (!checked.ok) return show(reply, session, 400, { form, problem: checked.problem, problemOf: 'announcement' });
    store.create(
      {
        kind: 'announcement',
        texts: checked.texts,
        audience: checked.audience,
        audienceLabel: checked.label,
        sendAt: checked.sendAt ?? now,
        urgent: form.urgent === '1',
        createdBy: session.member.name,
      },
      now,
    );
    if (!checked.sendAt) onSent();
    return reply.redirect(`/staff/announcements?done=${checked.sendAt ? 'kept' : 'sent'}#sent`, 303);
  });

  staff.post('/staff/announcements/:id/withdraw', async (request, reply) => {
    const session = guardedPost(request, reply);
    if (!session) return reply;
    const from = pageNumber(field(request.body, 'page'));
    const result = sessionChanges.withdraw((request.params as { id: string }).id, session.member.name, clock());
    if ('missing' in result) {
      return reply.code(404).type('text/plain; charset=utf-8').send('No such announcement, or it is withdrawn already');
    }
    if (!result.ok) return show(reply, session, 409, { problem: result.problem, problemOf: 'withdraw' }, from);
    if (result.told > 0) onSent();
    // Back to the page of the list it was withdrawn from.
    const done = result.told > 0 ? 'restored' : 'withdrawn';
    return reply.redirect(`/staff/announcements?done=${done}${from > 1 ? `&page=${from}` : ''}#sent`, 303);
  });

  for (const kind of ['cancel', 'holiday', 'move'] as const) {
    staff.post(`/staff/announcements/${kind}`, async (request, reply) => {
      const session = guardedPost(request, reply);
      if (!session) return reply;
      const form: ChangeForm = {
        day: field(request.body, 'day'),
        slot: field(request.body, 'slot'),
        reason: field(request.body, 'reason'),
        to_day: field(request.body, 'to_day'),
        to_time: field(request.body, 'to_time'),
      };
      const result = sessionChanges[kind](form, session.member.name, clock());
      if (!result.ok) {
        return show(reply, session, 400, { change: { ...form }, problem: result.problem, problemOf: kind });
      }
      onSent();
      return reply.redirect('/staff/announcements?done=changed#sent', 303);
    });
  }
}
