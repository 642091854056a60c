import { Page } from '../../../ui/page.tsx';

// Placeholder until this screen's issue lands.
export function SchedulePage() {
  return <Page title="Your Schedule" />;
}
