import { visitorText } from './messages.ts';
import { VisitorRequestForm } from './visitor-request-form.tsx';

export function BookConsultPage() {
  return <VisitorRequestForm action="book_consult" texts={visitorText().bookConsult} />;
}

export function ScheduleCallPage() {
  return <VisitorRequestForm action="schedule_call" texts={visitorText().scheduleCall} />;
}
