import { Page } from '../../../ui/page.tsx';

// Placeholder until this screen's issue lands.
export function WelcomePage() {
  return <Page title="Welcome to Thrive!" />;
}
