import { DayPicker, type DayPickerLocale } from 'react-day-picker';
import 'react-day-picker/style.css';
import './calendar.css';
import { selectDay, type DaySelection } from './date-selection.ts';

interface DateRangeCalendarProps {
  selection: DaySelection;
  onChange: (next: DaySelection) => void;
  /** The first day that may be picked: today in India. */
  today: Date;
  labelledBy: string;
  /** The page's language for its names and labels; the library's English when undefined. */
  locale: DayPickerLocale | undefined;
}

/**
 * One month at a time; days before today cannot be picked, nor months before
 * this one shown. Every month shows six weeks, its neighbours' days filling
 * the rows, so the calendar is one height whatever the month: no empty band
 * under a five-week month, nothing below it moving when the month turns.
 */
export function DateRangeCalendar({ selection, onChange, today, labelledBy, locale }: DateRangeCalendarProps) {
  return (
    <DayPicker
      mode="range"
      locale={locale}
      numberOfMonths={1}
      fixedWeeks
      showOutsideDays
      today={today}
      defaultMonth={selection.start ?? today}
      startMonth={today}
      disabled={{ before: today }}
      selected={{ from: selection.start, to: selection.end }}
      // The library would make a lone tap a one-day range; our own rule keeps it a start awaiting its end.
      onSelect={(_range, day) => onChange(selectDay(selection, day))}
      aria-labelledby={labelledBy}
    />
  );
}
