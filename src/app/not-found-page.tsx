import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { paths } from '../config/paths.ts';
import { LinkButton } from '../ui/link-button.tsx';
import { Page } from '../ui/page.tsx';
import { en } from './messages.ts';

export function NotFoundPage() {
  const { pathname } = useLocation();
  useEffect(() => {
    console.error(`404: no page at ${pathname}`);
  }, [pathname]);
  return (
    <Page title={en.notFound.title} subtitle={en.notFound.text}>
      <LinkButton to={paths.home} variant="primary" replace>
        {en.notFound.home}
      </LinkButton>
    </Page>
  );
}
