import { createScheduleCache, type ScheduleCache } from '../../shared/schedule/cache.ts';

let cache: ScheduleCache | undefined;

/** The page's one handle on the saved schedules (opened on first use, not when the module loads). */
export function pageScheduleCache(): ScheduleCache {
  cache ??= createScheduleCache();
  return cache;
}
