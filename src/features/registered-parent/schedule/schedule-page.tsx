import { paths } from '../../../config/paths.ts';
import { Button } from '../../../ui/button.tsx';
import { LinkButton } from '../../../ui/link-button.tsx';
import { Page } from '../../../ui/page.tsx';
import { ErrorPanel } from '../../../ui/panel.tsx';
import { en } from '../messages.ts';
import { ScheduleList } from './schedule-list.tsx';
import { useSchedule } from './use-schedule.ts';

const t = en.schedule;

export function SchedulePage() {
  const { state, loadedBefore, fetchSchedule } = useSchedule();
  return (
    <Page
      title={t.title}
      subtitle={t.subtitle}
      nav={
        <LinkButton to={paths.menu} variant="ghost">
          {en.backToMenu}
        </LinkButton>
      }
    >
      <Button busy={state.status === 'loading'} onClick={() => void fetchSchedule()} className="button--block">
        {loadedBefore ? t.refresh : t.fetch}
      </Button>
      {state.status === 'loaded' && <ScheduleList entries={state.entries} />}
      {state.status === 'error' && <ErrorPanel message={state.message} />}
    </Page>
  );
}
