import { useEffect, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { announcementPath, paths } from '../../config/paths.ts';
import { formatIstDateTime } from '../../shared/format/ist.ts';
import type { Announcement } from '../../shared/webhook/announcements.ts';
import { BackToMenu } from '../../ui/back-to-menu.tsx';
import { Button } from '../../ui/button.tsx';
import { LinkButton } from '../../ui/link-button.tsx';
import { Page } from '../../ui/page.tsx';
import { ErrorPanel } from '../../ui/panel.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import '../../ui/lists.css';
import { useSessionUser } from '../sign-in/use-session-user.ts';
import { AnnouncementText } from './announcement-text.tsx';
import { announcementsText } from './messages.ts';
import { useAnnouncements, type AnnouncementsState } from './use-announcements.ts';
import './announcements.css';

/** Whether the update is new to this parent and urgent: the words beside its title. */
function Marks({ item }: { item: Announcement }) {
  const t = announcementsText();
  if (item.seen && !item.urgent) return null;
  return (
    <span className="announcement__marks">
      {!item.seen && <span className="announcement__mark announcement__mark--new">{t.new}</span>}
      {item.urgent && <span className="announcement__mark announcement__mark--urgent">{t.urgent}</span>}
    </span>
  );
}

/** Where the list stands when there is nothing to show: waiting for the first answer, or none came. */
function NothingYet({ state, onRetry }: { state: AnnouncementsState; onRetry: () => void }) {
  const t = announcementsText();
  if (!state.failed) return <Spinner />;
  return (
    <ErrorPanel message={t.failed}>
      <Button variant="secondary" onClick={onRetry}>
        {t.tryAgain}
      </Button>
    </ErrorPanel>
  );
}

/**
 * Every update the programme sent this parent, newest first, each opening
 * on its own address: readable offline from the copy saved on this phone,
 * labelled with when it was fetched.
 */
export function AnnouncementsPage() {
  const t = announcementsText();
  const { user } = useSessionUser();
  const state = useAnnouncements(user);
  const { announcements, fetchedAt } = state;
  return (
    <Page title={t.title} subtitle={t.subtitle} nav={<BackToMenu />}>
      {fetchedAt !== undefined && (
        <p className="announcements__updated">{t.lastUpdated(formatIstDateTime(new Date(fetchedAt)))}</p>
      )}
      {announcements === undefined && <NothingYet state={state} onRetry={() => void state.refresh()} />}
      {announcements?.length === 0 && <p className="empty-state">{t.empty}</p>}
      {announcements !== undefined && announcements.length > 0 && (
        <ul className="stack-list" aria-label={t.listLabel}>
          {announcements.map((item) => (
            <li key={item.announcement_id} className={`announcement${item.seen ? '' : ' announcement--new'}`}>
              <Link to={announcementPath(item.announcement_id)} className="announcement__link">
                <bdi className="announcement__title">{item.title}</bdi>
              </Link>
              <Marks item={item} />
              <p className="announcement__sent">{t.sentAt(formatIstDateTime(new Date(item.sent_at)))}</p>
            </li>
          ))}
        </ul>
      )}
    </Page>
  );
}

/**
 * One update, at the address a notification's tap opens: its title and
 * text as staff wrote them (links and phone numbers tappable), marked seen
 * once it is shown. Read from the saved copy first, so it opens offline.
 */
export function AnnouncementPage() {
  const t = announcementsText();
  const { user } = useSessionUser();
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  const state = useAnnouncements(user);
  const { markSeen } = state;
  const item = state.announcements?.find((announcement) => announcement.announcement_id === id);
  const shownId = item?.announcement_id;
  const headingId = useId();
  useEffect(() => {
    if (shownId !== undefined) void markSeen(shownId);
  }, [shownId, markSeen]);
  // Not in the saved copy: it may come with the answer being fetched.
  const missing = item === undefined && state.announcements !== undefined && !state.fetching;
  return (
    <Page
      title={t.itemTitle}
      nav={
        <>
          <LinkButton to={paths.announcements} variant="ghost">
            {t.allUpdates}
          </LinkButton>
          <BackToMenu />
        </>
      }
    >
      {item && (
        <article className="announcement-full" aria-labelledby={headingId}>
          <h2 id={headingId} className="announcement-full__title" dir="auto">
            {item.title}
          </h2>
          <Marks item={{ ...item, seen: true }} />
          <p className="announcement__sent">{t.sentAt(formatIstDateTime(new Date(item.sent_at)))}</p>
          {item.body && <AnnouncementText text={item.body} className="announcement-full__body" />}
        </article>
      )}
      {missing && <p className="empty-state">{t.notFound}</p>}
      {item === undefined && !missing && <NothingYet state={state} onRetry={() => void state.refresh()} />}
    </Page>
  );
}
