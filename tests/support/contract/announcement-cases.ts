import { answerText } from '../../../server/contract/texts.ts';
import type { Language, User } from '../../../src/shared/webhook/types.ts';
import { refusal, type CaseContext, type ContractCase } from './case.ts';

/**
 * The announcement actions as any webhook answers them with only a roster:
 * a parent's list (asked like know_schedule, stored nothing) and the
 * refusals of a mark. A mark that is accepted needs an announcement, which
 * each backend's staff side sends; the reference server's tests prove that
 * one (tests/unit/server/announcements).
 */
const list = (user: (c: CaseContext) => User, language?: Language) => (c: CaseContext) => ({
  action: 'list_announcements',
  user: user(c),
  ...(language ? { language } : {}),
});

const mark =
  (announcementId: string, language?: Language) =>
  (c: CaseContext): Record<string, unknown> => ({
    action: 'mark_announcement_seen',
    user: c.parent,
    payload: { announcement_id: announcementId },
    timestamp_ist: c.envelope('know_schedule', {}).timestamp_ist,
    request_id: crypto.randomUUID(),
    ...(language ? { language } : {}),
  });

const NOBODYS = 'a0b1c2d3e4f5a6b7c8d9e0f1';
const parent = (c: CaseContext) => c.parent;

function listed(name: string, body: (c: CaseContext) => unknown): ContractCase {
  return { name, steps: (c) => [{ body: body(c), expect: { status: 200, answers: 'list_announcements' } }] };
}

/** A mark refused, then the same body again refused the same: a refusal stores nothing, so it is no replay. */
function markRefused(name: string, body: (c: CaseContext) => unknown, text: string): ContractCase {
  return {
    name,
    steps: (c) => {
      const first = body(c);
      return [
        { body: first, expect: { status: 404, text } },
        { body: first, expect: { status: 404, text } },
      ];
    },
  };
}

export const ANNOUNCEMENT_CASES: ContractCase[] = [
  listed('list_announcements for a parent on the roster', list(parent)),
  listed(
    'list_announcements with the number and name typed another way, in Hindi',
    list((c) => ({ name: `  ${c.parent.name.toUpperCase()} `, number: c.parent.number }), 'hi'),
  ),
  refusal(
    ['list_announcements for a number not on the roster', list((c) => c.visitor()), answerText('en', 'notOnRoster')],
    404,
  ),
  refusal(
    [
      'in Hindi: list_announcements for a roster number with another name',
      list((c) => ({ ...c.parent, name: 'Somebody Else' }), 'hi'),
      answerText('hi', 'notOnRoster'),
    ],
    404,
  ),
  refusal([
    'list_announcements with a 9-digit phone',
    list(() => ({ name: 'Asha', number: '987654321' })),
    answerText('en', 'invalidPhone'),
  ]),
  refusal([
    'list_announcements with a payload',
    (c) => ({ ...list(parent)(c), payload: {} }),
    'Unexpected field "payload" in the request',
  ]),
  markRefused(
    'mark_announcement_seen for an announcement not addressed to the parent',
    mark(NOBODYS),
    answerText('en', 'announcementNotFound'),
  ),
  markRefused(
    'in Hindi: mark_announcement_seen for an announcement not addressed to the parent',
    mark(NOBODYS, 'hi'),
    answerText('hi', 'announcementNotFound'),
  ),
  refusal([
    'mark_announcement_seen with an announcement_id that is not letters, digits, _ and -',
    mark('../1'),
    'Invalid payload.announcement_id: must match pattern "^[A-Za-z0-9_-]{1,64}$"',
  ]),
  refusal([
    'mark_announcement_seen without its request_id',
    (c) => Object.fromEntries(Object.entries(mark(NOBODYS)(c)).filter(([key]) => key !== 'request_id')),
    'Missing field "request_id" in the request',
  ]),
];
