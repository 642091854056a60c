import { useEffect } from 'react';
import { env } from '../../config/env.ts';
import { paths } from '../../config/paths.ts';
import { LinkButton } from '../../ui/link-button.tsx';
import { Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { visitorText } from './messages.ts';
import '../../ui/panel.css';
import './know-more.css';

interface KnowMorePageProps {
  /** The external information page, an absolute http(s) address; the build's (env.knowMoreUrl) unless given. */
  url?: string | undefined;
}

/**
 * The spec: sends the visitor on to the programme information page. A route
 * change here does it from the app; the prerendered page leaves by itself,
 * with no script, by the meta refresh in its head (build/prerender.ts), and
 * its link is there for a browser that follows neither.
 */
export function KnowMorePage({ url = env.knowMoreUrl }: KnowMorePageProps) {
  const t = visitorText();

  useEffect(() => {
    // replace, not assign: Back from the information page must not land here and bounce out again.
    if (url) window.location.replace(url);
  }, [url]);

  const nav = (
    <LinkButton to={paths.visitorWelcome} variant="ghost">
      {t.form.back}
    </LinkButton>
  );
  if (url) {
    return (
      <Page title={t.knowMore.title} nav={nav}>
        <p className="know-more__redirecting" role="status">
          <Spinner />
          <a href={url}>{t.knowMore.redirecting}</a>
        </p>
      </Page>
    );
  }
  return (
    <Page title={t.knowMore.title} nav={nav}>
      <div className="panel know-more__notice">
        <p className="know-more__notice-title">{t.knowMore.notConfigured}</p>
        <p>{t.knowMore.notConfiguredHint}</p>
      </div>
      <LinkButton to={paths.visitorWelcome} variant="primary" className="button--block">
        {t.knowMore.backToOptions}
      </LinkButton>
    </Page>
  );
}
