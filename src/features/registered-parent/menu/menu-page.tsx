import { paths } from '../../../config/paths.ts';
import { Button } from '../../../ui/button.tsx';
import { CardLink } from '../../../ui/card-link.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { Page } from '../../../ui/page.tsx';
import { en } from '../messages.ts';
import { useLogOut } from '../session/use-log-out.ts';
import { useSessionUser } from '../session/use-session-user.ts';

const t = en.menu;

export function MenuPage() {
  const { user } = useSessionUser();
  const logOut = useLogOut();
  if (!user) return null;

  return (
    <Page
      title={t.hello(user.name)}
      subtitle={t.prompt}
      nav={
        <>
          <LinkButton to={paths.home} variant="ghost">
            {t.home}
          </LinkButton>
          <Button variant="ghost" className="page__nav-end" onClick={() => void logOut()}>
            {t.logout}
          </Button>
        </>
      }
    >
      <nav className="card-list" aria-label={t.prompt}>
        <CardLink to={paths.schedule} icon="📅" title={t.scheduleTitle} text={t.scheduleText} />
        <CardLink to={paths.reschedule} icon="🔁" title={t.rescheduleTitle} text={t.rescheduleText} />
        <CardLink to={paths.chat} icon="💬" title={t.chatTitle} text={t.chatText} />
      </nav>
    </Page>
  );
}
