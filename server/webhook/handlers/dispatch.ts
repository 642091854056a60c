import type { AnyEnvelope } from '../contract.ts';
import type { Answer, HandlerContext } from './answer.ts';
import { chatFacilitator } from './chat.ts';
import { knowSchedule } from './know-schedule.ts';
import { rescheduleRange, rescheduleSingle } from './reschedule.ts';
import { bookConsult, scheduleCall } from './visitor-request.ts';

/** One handler per action; the switch is exhaustive, so a new action cannot go unhandled. */
export function dispatch(envelope: AnyEnvelope, context: HandlerContext): Answer {
  switch (envelope.action) {
    case 'know_schedule':
      return knowSchedule(envelope, context);
    case 'reschedule_single':
      return rescheduleSingle(envelope);
    case 'reschedule_range':
      return rescheduleRange(envelope);
    case 'chat_facilitator':
      return chatFacilitator(envelope, context);
    case 'book_consult':
      return bookConsult(envelope);
    case 'schedule_call':
      return scheduleCall(envelope);
  }
}
