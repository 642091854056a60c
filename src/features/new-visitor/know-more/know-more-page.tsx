import { useEffect } from 'react';
import { env } from '../../../config/env.ts';
import { paths } from '../../../config/paths.ts';
import { LinkButton } from '../../../ui/link-button.tsx';
import { Page } from '../../../ui/page.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { visitorText } from '../messages.ts';
import { knowMoreTarget } from './know-more.ts';

interface KnowMorePageProps {
  /** The external information page; the build's VITE_KNOW_MORE_URL unless given. */
  configuredUrl?: string | undefined;
}

export function KnowMorePage({ configuredUrl = env.knowMoreUrl }: KnowMorePageProps) {
  const t = visitorText().knowMore;
  const target = knowMoreTarget(configuredUrl);
  const redirectUrl = target.kind === 'redirect' ? target.url : undefined;

  useEffect(() => {
    // replace, not assign: Back from the information page must not land here and bounce out again.
    if (redirectUrl) window.location.replace(redirectUrl);
  }, [redirectUrl]);

  if (redirectUrl) {
    return (
      <Page title={t.title}>
        <p className="know-more__redirecting" role="status">
          <Spinner />
          {t.redirecting}
        </p>
      </Page>
    );
  }
  return (
    <Page title={t.title}>
      <div className="panel know-more__notice">
        <p className="know-more__notice-title">{t.notConfigured}</p>
        <p>{t.notConfiguredHint}</p>
      </div>
      <LinkButton to={paths.visitorWelcome} variant="primary" className="button--block">
        {t.backToOptions}
      </LinkButton>
    </Page>
  );
}
