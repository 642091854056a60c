import { Component, type ErrorInfo, type ReactNode } from 'react';
import { paths } from '../config/paths.ts';
import { Button } from '../ui/button.tsx';
import { LinkButton } from '../ui/link-button.tsx';
import { Page } from '../ui/page.tsx';
import { appText } from './messages.ts';

interface Props {
  children: ReactNode;
}

/**
 * A screen that cannot be drawn (its chunk did not arrive on a dropped connection, or it threw) shows what
 * happened and a way on, in the app's frame, instead of React leaving the page blank. The layout keys it by the
 * address, so another screen starts afresh. Try Again loads the page anew: the browser keeps a failed module
 * import for the document's life, so asking for the chunk again in this document would fail again.
 */
export class ScreenBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A screen failed to load or draw', error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const text = appText().screenFailed;
    return (
      <Page title={text.title} subtitle={text.text}>
        <div className="actions">
          <Button variant="primary" onClick={() => window.location.reload()}>
            {text.retry}
          </Button>
          <LinkButton to={paths.home} variant="secondary">
            {text.home}
          </LinkButton>
        </div>
      </Page>
    );
  }
}
