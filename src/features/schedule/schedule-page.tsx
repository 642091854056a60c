import { useMemo } from 'react';
import { formatIstDateTime } from '../../shared/format/ist.ts';
import { Button } from '../../ui/button.tsx';
import { Page } from '../../ui/page.tsx';
import { ErrorPanel } from '../../ui/panel.tsx';
import { ScheduleList } from './schedule-list.tsx';
import { useSchedule } from './use-schedule.ts';
import { withProgrammeMoves } from '../../shared/schedule/changes.ts';
import { sessionMoves } from '../../shared/schedule/requests.ts';
import { ScheduleChanges } from './schedule-changes.tsx';
import { YourRequests } from '../requests/requests-card.tsx';
import './schedule.css';
import { BackToMenu } from '../../ui/back-to-menu.tsx';
import { VerifyPhone } from '../conversation/thread/verify-phone.tsx';
import { useSessionUser } from '../sign-in/use-session-user.ts';
import { scheduleText } from './messages.ts';

export function SchedulePage() {
  const t = scheduleText();
  const { view, fetchSchedule, needsCode, verified, answered } = useSchedule();
  const { user } = useSessionUser();
  const requestMoves = useMemo(() => sessionMoves(view.requests ?? []), [view.requests]);
  const changes = view.schedule?.changes;
  const moves = useMemo(() => withProgrammeMoves(changes ?? [], requestMoves), [changes, requestMoves]);
  return (
    <Page title={t.title} subtitle={t.subtitle} nav={<BackToMenu />}>
      <div className="schedule-fetch">
        <Button busy={view.loading} onClick={() => void fetchSchedule()} className="button--block">
          {view.fetched ? t.refresh : t.fetch}
        </Button>
        {view.schedule && (
          <p className="schedule-fetch__updated">
            {t.lastUpdated(formatIstDateTime(new Date(view.schedule.fetchedAt)))}
          </p>
        )}
      </div>
      {view.error && <ErrorPanel message={view.error} />}
      {needsCode && user && <VerifyPhone user={user} onVerified={verified} />}
      {changes && <ScheduleChanges changes={changes} requestMoves={requestMoves} />}
      {view.schedule && (
        <ScheduleList entries={view.schedule.entries} fetchedAt={view.schedule.fetchedAt} moves={moves} />
      )}
      {view.requests && <YourRequests requests={view.requests} onAnswered={answered} />}
    </Page>
  );
}
