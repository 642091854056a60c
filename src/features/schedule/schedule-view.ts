import type { CachedSchedule } from '../../shared/schedule/cache.ts';
import type { ScheduleEntry } from '../../shared/schedule/parser.ts';
import { withRequest } from '../../shared/schedule/requests.ts';
import type { ScheduleChange } from '../../shared/webhook/announcements.ts';
import type { ParentRequest } from '../../shared/webhook/requests.ts';

/**
 * What the schedule screen shows (the spec, with the saved copy). The
 * spec clears the previous result and error at the start of each fetch; here
 * the error goes, but the list stays on screen, always labelled with when it
 * was fetched ('Last updated …'): the copy saved on this phone is the parent's
 * best knowledge until a new answer replaces it, and a list that blinks out
 * on every refresh (or on every lost connection) helps nobody.
 *
 * A fetch that got no answer while a saved copy is on screen is no error:
 * the offline banner already says the network is down, and the
 * list with its 'Last updated …' is what still works, so the screen adds no
 * error box, no note and no toast of its own. The spec's error box and toast
 * stay for a webhook that answers with an error, and for no saved copy.
 *
 * The parent's reschedule requests ('Your requests') come with each fetch
 * and are saved with the schedule; a webhook that does not answer them
 * leaves the saved ones (or none) on screen, and says nothing about it.
 * The programme's changes to the week come in the schedule's own answer
 * and go with its list.
 */
export interface ScheduleView {
  loading: boolean;
  /** The list on screen: this visit's answer, or the copy saved by an earlier fetch. */
  schedule: { entries: ScheduleEntry[]; fetchedAt: number; changes: ScheduleChange[] } | undefined;
  /** The spec's 'Error' box: the server refused, or no answer came and nothing was saved to show instead. */
  error: string | undefined;
  /** A fetch succeeded on this visit: the button reads 'Refresh Schedule'. */
  fetched: boolean;
  /** The parent's requests with their outcomes: the last answer, or the saved copy's. */
  requests: ParentRequest[] | undefined;
}

export type ScheduleEvent =
  | { type: 'saved-read'; saved: CachedSchedule }
  | { type: 'fetch-started' }
  | { type: 'fetched'; entries: ScheduleEntry[]; fetchedAt: number; changes: ScheduleChange[] }
  | { type: 'fetch-failed'; message: string; noAnswer: boolean }
  | { type: 'requests-fetched'; requests: ParentRequest[] }
  | { type: 'request-answered'; request: ParentRequest };

export const INITIAL_SCHEDULE_VIEW: ScheduleView = {
  loading: false,
  schedule: undefined,
  error: undefined,
  fetched: false,
  requests: undefined,
};

/** The fetch got no answer and a saved copy is on screen: nothing to report beyond the offline banner. */
export function isQuietFailure(noAnswer: boolean, view: ScheduleView): boolean {
  return noAnswer && view.schedule !== undefined;
}

export function nextScheduleView(view: ScheduleView, event: ScheduleEvent): ScheduleView {
  switch (event.type) {
    case 'saved-read':
      // The saved copy arrives asynchronously: it never replaces a list already on screen.
      if (view.schedule) return view;
      return {
        ...view,
        schedule: {
          entries: event.saved.entries,
          fetchedAt: event.saved.fetchedAt,
          changes: event.saved.changes ?? [],
        },
        requests: view.requests ?? event.saved.requests,
      };
    case 'fetch-started':
      return { ...view, loading: true, error: undefined };
    case 'fetched':
      return {
        ...view,
        loading: false,
        schedule: { entries: event.entries, fetchedAt: event.fetchedAt, changes: event.changes },
        error: undefined,
        fetched: true,
      };
    case 'fetch-failed':
      if (isQuietFailure(event.noAnswer, view)) return { ...view, loading: false };
      return { ...view, loading: false, error: event.message };
    case 'requests-fetched':
      return { ...view, requests: event.requests };
    case 'request-answered':
      return view.requests ? { ...view, requests: withRequest(view.requests, event.request) } : view;
  }
}
