/** Helpers for the suites against the real server (tests/e2e-server, the n8n journey): what reached its database. */
import type { Page } from '@playwright/test';

/** A running portal's database, read while the server runs. */
export interface PortalDatabase {
  /** Runs a read-only query on the server's database. */
  query<T>(sql: string, ...params: unknown[]): T[];
}

export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The request_id of every webhook request made for the page, retries
 * included: by the page itself, or by the service worker once it controls
 * the page (its requests reach the context, not the page).
 */
export function recordRequestIds(page: Page): string[] {
  const ids: string[] = [];
  page.context().on('request', (request) => {
    if (!request.url().endsWith('/api/webhook')) return;
    // Reads beside the schedule (list_requests) carry no request_id: nothing is stored for them.
    const id = (request.postDataJSON() as { request_id?: unknown }).request_id;
    if (typeof id === 'string') ids.push(id);
  });
  return ids;
}

/** How many rows each of these ids has in the server's database. */
export function storedCounts(portal: PortalDatabase, ids: string[]): Record<string, number> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return {};
  const rows = portal.query<{ request_id: string; n: number }>(
    `SELECT request_id, count(*) AS n FROM requests WHERE request_id IN (${unique.map(() => '?').join(',')}) GROUP BY request_id`,
    ...unique,
  );
  return Object.fromEntries(rows.map((row) => [row.request_id, row.n]));
}
