/**
 * Who an announcement from the Slack form is for, as /staff resolves its form's choice: the audience as
 * thrive.audience_of reads it, its words for the staff channel's post, and how many parents the roster gives it
 * now. The form's check and the form's reach line both take it from here.
 */
import type { Audience } from '../../../src/shared/announcements/audience.ts';
import { slotLabel, slotValue, type SlotRef } from '../../../src/shared/announcements/slots.ts';
import { AUDIENCE_LABELS } from './texts.ts';

/** The roster as the form's Code nodes read it (the workflow's ROSTER query). */
export interface AudienceRoster {
  facilitators: { id: string; name: string; parents: number }[];
  slots: (SlotRef & { numbers: string[] })[];
  parents: { number: string; name: string }[];
}

export interface ChosenAudience {
  audience: Audience;
  label: string;
  /** How many parents the roster gives it now. */
  parents: number;
}

/**
 * The audience of the form's choice (`everyone`, `facilitator|id`, `session|weekday|time|facilitator` or
 * `parents`, with the chosen numbers); undefined for no choice, or one the roster no longer has.
 */
export function audienceOf(
  choice: string,
  chosen: readonly string[],
  roster: AudienceRoster,
): ChosenAudience | undefined {
  const [kind = '', ...rest] = choice.split('|');
  if (kind === 'everyone')
    return { audience: { kind: 'all' }, label: AUDIENCE_LABELS.everyone, parents: roster.parents.length };
  if (kind === 'facilitator') {
    const facilitator = roster.facilitators.find((f) => f.id === rest[0]);
    return (
      facilitator && {
        audience: { kind: 'facilitator', id: facilitator.id },
        label: AUDIENCE_LABELS.facilitator.replace('{name}', facilitator.name),
        parents: facilitator.parents,
      }
    );
  }
  if (kind === 'session') {
    const slot = roster.slots.find((s) => slotValue(s) === rest.join('|'));
    return (
      slot && {
        audience: { kind: 'session', weekday: slot.weekday, time: slot.time, facilitator: slot.facilitator_id },
        label: slotLabel(slot),
        parents: slot.numbers.length,
      }
    );
  }
  if (kind === 'parents') {
    const picked = roster.parents.filter((p) => chosen.includes(p.number));
    return {
      audience: { kind: 'parents', numbers: picked.map((p) => p.number) },
      label: `${AUDIENCE_LABELS.parents}: ${picked.map((p) => p.name).join(', ')}`,
      parents: picked.length,
    };
  }
  return undefined;
}
