/**
 * How many days requests, threads and files are kept: the reference server's RETENTION_DAYS (server/config.ts)
 * and the n8n retention workflow's THRIVE_RETENTION_DAYS (n8n/source/housekeeping/workflows.ts) have this default
 * and take a whole number in this range, a day to about a hundred years.
 */
export const DEFAULT_RETENTION_DAYS = 180;
export const MIN_RETENTION_DAYS = 1;
export const MAX_RETENTION_DAYS = 36_500;
