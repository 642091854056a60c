import { Page } from '../../../ui/page.tsx';

// Placeholder until this screen's issue lands.
export function ChatPage() {
  return <Page title="Chat with Facilitator" />;
}
