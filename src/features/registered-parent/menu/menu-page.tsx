import { Page } from '../../../ui/page.tsx';

// Placeholder until this screen's issue lands.
export function MenuPage() {
  return <Page title="What would you like to do?" />;
}
