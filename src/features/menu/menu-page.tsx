import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths.ts';
import { CardLink } from '../../ui/card-link.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { LanguageSwitch } from '../../ui/language-switch.tsx';
import { Page } from '../../ui/page.tsx';
import { useOutboxEntries } from '../outbox/use-outbox-entries.ts';
import { useUnreadReplies } from '../conversation/thread/use-unread-replies.ts';
import { useLogOut } from './use-log-out.ts';
import { useNamedUser } from '../sign-in/use-session-user.ts';
import { NAME_SLOT } from '../../shared/session/session-user.ts';
import { LogoutWarning } from './logout-warning.tsx';
import '../outbox/outbox.css';
import { BellIcon, CalendarIcon, ChatIcon, MegaphoneIcon, RescheduleIcon } from '../../ui/icons.tsx';
import { notificationsText } from '../notifications/messages.ts';
import { menuText } from './messages.ts';
import { conversationText } from '../conversation/messages.ts';
import { announcementsText } from '../announcements/messages.ts';
import { useUnreadAnnouncements } from '../announcements/use-unread-announcements.ts';

export function MenuPage() {
  const t = menuText();
  // Named from the first paint on: the page's head script has already written the greeting (use-session-user.ts).
  const user = useNamedUser();
  const logOut = useLogOut();
  const waiting = useOutboxEntries(user)?.length ?? 0;
  const unread = useUnreadReplies(user);
  const news = useUnreadAnnouncements(user);
  const [warning, setWarning] = useState(false);
  const logoutButton = useRef<HTMLButtonElement>(null);

  const onLogout = () => {
    if (waiting > 0) setWarning(true);
    else void logOut();
  };

  const stay = () => {
    setWarning(false);
    logoutButton.current?.focus();
  };

  return (
    <Page
      title={user ? t.hello(user.name) : t.helloBeforeName}
      namedTitle={t.hello(NAME_SLOT)}
      subtitle={t.prompt}
      nav={
        <>
          <LinkButton to={paths.home} variant="ghost">
            {t.home}
          </LinkButton>
          <LanguageSwitch />
          <button type="button" className="button button--ghost" ref={logoutButton} onClick={onLogout}>
            {t.logout}
          </button>
        </>
      }
    >
      {warning && waiting > 0 && <LogoutWarning waiting={waiting} onLogOut={() => void logOut()} onStay={stay} />}
      <nav className="card-list" aria-label={t.prompt}>
        <CardLink to={paths.schedule} icon={<CalendarIcon />} title={t.scheduleTitle} text={t.scheduleText} />
        <CardLink to={paths.reschedule} icon={<RescheduleIcon />} title={t.rescheduleTitle} text={t.rescheduleText} />
        <CardLink
          to={paths.chat}
          icon={<ChatIcon />}
          title={t.chatTitle}
          text={t.chatText}
          badge={unread > 0 && <span className="card-link__badge">{conversationText().thread.unread(unread)}</span>}
        />
        <CardLink
          to={paths.announcements}
          icon={<MegaphoneIcon />}
          title={announcementsText().menuTitle}
          text={announcementsText().menuText}
          badge={news > 0 && <span className="card-link__badge">{announcementsText().unread(news)}</span>}
        />
        <CardLink
          to={paths.notifications}
          icon={<BellIcon />}
          title={notificationsText().menuTitle}
          text={notificationsText().menuText}
        />
      </nav>
      {/* Below the cards: it appears once the outbox is read, after the page is drawn, and moves nothing. */}
      {waiting > 0 && (
        <Link to={paths.outbox} className="outbox-badge">
          {t.waiting(waiting)}
        </Link>
      )}
    </Page>
  );
}
