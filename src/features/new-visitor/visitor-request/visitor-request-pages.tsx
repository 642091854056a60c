import { Page } from '../../../ui/page.tsx';

// Placeholder until this screen's issue lands.
export function BookConsultPage() {
  return <Page title="Book a Consultation" />;
}

export function ScheduleCallPage() {
  return <Page title="Schedule a Call" />;
}
