/**
 * A roster's weekly session as many parents share it (its day, time and
 * facilitator), as /staff's forms and n8n's Slack forms name it and carry
 * it in a choice's value.
 */
import { formatClockTime } from '../format/ist-zone.ts';
import { WEEKDAYS } from '../schedule/weekdays.ts';

export interface SlotRef {
  weekday: number;
  time: string;
  facilitator_id: string;
  facilitator: string;
}

export const slotValue = (slot: Pick<SlotRef, 'weekday' | 'time' | 'facilitator_id'>) =>
  `${slot.weekday}|${slot.time}|${slot.facilitator_id}`;

export const slotLabel = (slot: Pick<SlotRef, 'weekday' | 'time' | 'facilitator'>) =>
  `${WEEKDAYS[slot.weekday - 1] ?? ''} ${formatClockTime(slot.time)} with ${slot.facilitator}`;
