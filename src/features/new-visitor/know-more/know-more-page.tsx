import { Page } from '../../../ui/page.tsx';

// Placeholder until this screen's issue lands.
export function KnowMorePage() {
  return <Page title="Know more about Thrive" />;
}
