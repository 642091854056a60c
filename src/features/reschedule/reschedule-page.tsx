import { useId, useMemo, useState, type FormEvent } from 'react';
import { Button } from '../../ui/button.tsx';
import { FieldError, TextAreaField } from '../../ui/field.tsx';
import { FocusOnShow } from '../../ui/focus-on-show.tsx';
import { Page } from '../../ui/page.tsx';
import { useHydrated } from '../../ui/use-hydrated.ts';
import { ErrorPanel, SuccessPanel } from '../../ui/panel.tsx';
import { ParentSavedPanel } from '../outbox/parent-saved-panel.tsx';
import { useCalendarLocale } from './calendar-locale.ts';
import { DateRangeCalendar } from './date-range-calendar.tsx';
import { dayFromKey, describeSelection, istTodayKey, NO_SELECTION, type DaySelection } from './date-selection.ts';
import { useRescheduleSubmit } from './use-reschedule-submit.ts';
import { BackToMenu } from '../../ui/back-to-menu.tsx';
import './reschedule.css';
import { rescheduleText } from './messages.ts';

export function ReschedulePage() {
  const t = rescheduleText();
  // India's today is not known when the page is prerendered: the calendar fills its reserved slot after hydration.
  const hydrated = useHydrated();
  // oxlint-disable-next-line react/purity -- India's today is read once, when hydration makes it known
  const today = useMemo(() => (hydrated ? dayFromKey(istTodayKey(new Date())) : undefined), [hydrated]);
  const [selection, setSelection] = useState<DaySelection>(NO_SELECTION);
  const [note, setNote] = useState('');
  const { state, submit, reset, busy, selectionError } = useRescheduleSubmit(selection);
  const calendarLabelId = useId();
  const selectionErrorId = `${calendarLabelId}-error`;
  const calendarLocale = useCalendarLocale();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit(selection, note);
  };

  const [cameBack, setCameBack] = useState(false);
  const startOver = () => {
    setSelection(NO_SELECTION);
    setNote('');
    reset();
    setCameBack(true);
  };

  return (
    <Page title={t.title} subtitle={t.subtitle} nav={<BackToMenu />}>
      {state.status === 'success' ? (
        <FocusOnShow>
          <SuccessPanel message={state.result}>
            <Button onClick={startOver} className="button--block">
              {t.submitAnother}
            </Button>
          </SuccessPanel>
        </FocusOnShow>
      ) : state.status === 'queued' ? (
        <ParentSavedPanel text={rescheduleText().savedOnPhone}>
          <Button onClick={startOver} className="button--block">
            {t.submitAnother}
          </Button>
        </ParentSavedPanel>
      ) : (
        <FocusOnShow key="form" enabled={cameBack}>
          <form className="form" onSubmit={onSubmit} noValidate>
            <div
              className="calendar-card"
              role="group"
              aria-labelledby={calendarLabelId}
              aria-describedby={selectionError ? selectionErrorId : undefined}
            >
              <p className="field__label" id={calendarLabelId}>
                {t.calendarLabel}
              </p>
              <div className="calendar-slot">
                {today && calendarLocale.ready && (
                  <DateRangeCalendar
                    selection={selection}
                    onChange={setSelection}
                    today={today}
                    labelledBy={calendarLabelId}
                    locale={calendarLocale.locale}
                  />
                )}
              </div>
              <p className="calendar-card__summary" role="status">
                {describeSelection(selection, t)}
              </p>
              {selectionError && <FieldError id={selectionErrorId} text={selectionError} />}
              <Button
                variant="secondary"
                className="button--block"
                onClick={() => setSelection(NO_SELECTION)}
                disabled={!selection.start}
              >
                {t.clear}
              </Button>
            </div>
            <TextAreaField
              label={t.noteLabel}
              placeholder={t.notePlaceholder}
              name="note"
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
            {state.status === 'error' && <ErrorPanel message={state.message} />}
            <Button type="submit" busy={busy} className="button--block">
              {t.submit}
            </Button>
          </form>
        </FocusOnShow>
      )}
    </Page>
  );
}
