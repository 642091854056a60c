import { en } from '../messages.ts';
import { VisitorRequestForm } from './visitor-request-form.tsx';

export function BookConsultPage() {
  return <VisitorRequestForm action="book_consult" texts={en.bookConsult} />;
}

export function ScheduleCallPage() {
  return <VisitorRequestForm action="schedule_call" texts={en.scheduleCall} />;
}
