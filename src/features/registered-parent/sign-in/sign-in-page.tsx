import { Page } from '../../../ui/page.tsx';

// Placeholder until this screen's issue lands.
export function SignInPage() {
  return <Page title="Welcome Back" />;
}
