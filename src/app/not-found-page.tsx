import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../config/paths.ts';
import { LinkButton } from '../ui/link-button.tsx';
import { Page } from '../ui/page.tsx';
import { appText } from './messages.ts';

export function NotFoundPage() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error(`404: no page at ${pathname}`);
  }, [pathname]);
  return (
    <Page title={appText().notFound.title} subtitle={appText().notFound.text}>
      <LinkButton to={paths.home} variant="primary" replace>
        {appText().notFound.home}
      </LinkButton>
    </Page>
  );
}
