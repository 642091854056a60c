import { Page } from '../../../ui/page.tsx';

// Placeholder until this screen's issue lands.
export function ReschedulePage() {
  return <Page title="Reschedule Session" />;
}
