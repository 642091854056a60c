import { translated, type Catalog } from '../../shared/i18n/catalog.ts';

/** Every text the reschedule screen shows (the spec's English is exact). */
export const en = {
  title: 'Reschedule Session',
  subtitle: 'Pick one date, or tap a first and a last date for a range.',
  calendarLabel: 'Dates to reschedule',
  nothingSelected: 'No date selected yet.',
  selectedDate: (date: string) => `Selected date: ${date}`,
  selectedRange: (start: string, end: string) => `Selected range: ${start} - ${end}`,
  selectedStart: (start: string) => `Selected start: ${start} (click another date to complete range)`,
  clear: 'Clear selection',
  noteLabel: 'Reason / Note (Optional)',
  notePlaceholder: 'Reschedule Reason / Note (Optional)',
  submit: 'Submit Request',
  submitAnother: 'Submit Another Request',
  noSelection: 'Please select a date or date range',
  invalidSelection: 'Invalid date selection',
  defaultSuccess: 'Reschedule request submitted successfully!',
  submitted: 'Request submitted!',
  failed: 'Failed to submit request',
  savedOnPhone:
    'Your reschedule request is saved on this phone and will be sent automatically when the connection is back.',
} as const;

export type RescheduleMessages = Catalog<typeof en>;

/** These texts in the page's language: read where they are shown, never kept at module level. */
export const rescheduleText = (): RescheduleMessages => translated('reschedule', en);
