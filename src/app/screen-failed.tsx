import { paths } from '../config/paths.ts';
import { Button } from '../ui/button.tsx';
import { LinkButton } from '../ui/link-button.tsx';
import { Page } from '../ui/page.tsx';
import { appText } from './messages.ts';

/**
 * In the app's frame, in place of a screen that could not be drawn. Try Again loads the page anew: the browser
 * keeps a failed module import for the document's life, so asking for the chunk again in this document would
 * fail again. Home is in the app's first chunk, so it opens with the connection still down.
 */
export function ScreenFailed() {
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
