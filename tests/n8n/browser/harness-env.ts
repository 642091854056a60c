import { spawnSync } from 'node:child_process';
import type { Page } from '@playwright/test';
import type { SlackSummary } from '../harness/fake-slack.ts';

/** What `npm run n8n -- test` passes to the browser journey. */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the journey through npm run n8n -- test`);
  return value;
}

export const WEBHOOK_URL = required('THRIVE_N8N_WEBHOOK_URL');

/** What the fake Slack Web API has received so far. */
export async function slackRecorded(): Promise<SlackSummary> {
  const response = await fetch(required('THRIVE_N8N_SLACK_RECORDED_URL'));
  return (await response.json()) as SlackSummary;
}

/** Rows of one SELECT on the workflow's Postgres; `:'name'` in it stands for `values.name`, quoted. */
export function rows<T>(select: string, values: Record<string, string> = {}): T[] {
  const [psql = '', ...options] = JSON.parse(required('THRIVE_N8N_PSQL')) as string[];
  const variables = Object.entries(values).flatMap(([name, value]) => ['-v', `${name}=${value}`]);
  const result = spawnSync(psql, [...options, '-At', '-v', 'ON_ERROR_STOP=1', ...variables], {
    input: `SELECT coalesce(json_agg(t), '[]') FROM (${select}) t;`,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout) as T[];
}

/**
 * The request_id of every request sent to n8n's webhook for the page, retries
 * included: by the page, or by the service worker once it controls the page
 * (its requests reach the context, not the page).
 */
export function recordRequestIds(page: Page): string[] {
  const ids: string[] = [];
  page.context().on('request', (request) => {
    if (request.url() !== WEBHOOK_URL || request.method() !== 'POST') return;
    // Reads beside the schedule (list_requests) carry no request_id: nothing is stored for them.
    const id = (request.postDataJSON() as { request_id?: unknown }).request_id;
    if (typeof id === 'string') ids.push(id);
  });
  return ids;
}

/** How many stored rows each id has, answered or not. */
export function storedCounts(ids: readonly string[]): number[] {
  return [...new Set(ids)].map(
    (id) =>
      rows<{ n: number }>("SELECT count(*)::int AS n FROM thrive.requests WHERE request_id = :'id'", { id })[0]?.n ?? 0,
  );
}

/** Every CSP violation and console error of the page. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return problems;
}
