import type { Envelope } from '../../../src/shared/webhook/types.ts';
import { restOfWeek } from '../../roster/rest-of-week.ts';
import { reasons } from '../messages.ts';
import { accepted, type Answer, type HandlerContext } from './answer.ts';

/** Someone not on the roster learns nothing: the same text whether the number or the name was wrong. */
export function knowSchedule(envelope: Envelope<'know_schedule'>, { roster, now }: HandlerContext): Answer {
  const parent = roster.find(envelope.user);
  if (!parent) return { kind: 'refused', status: 404, text: reasons.notOnRoster };
  return accepted({ schedule: restOfWeek(parent.sessions, now) });
}
