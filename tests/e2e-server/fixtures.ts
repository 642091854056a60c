import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { readRosterFile, type RosterFile } from '../../server/roster/roster-file.ts';
import { addDays, weekdayOf } from '../../src/shared/schedule/week.ts';
import { weekdayNumber } from '../../src/shared/schedule/weekdays.ts';
import { msToNextClockEdge } from '../support/clock-edges.ts';
import { startCodeRecorder, type CodeRecorder } from '../support/code-recorder.ts';
import { FakePushService } from '../support/fake-push-service.ts';
import { E2E_DIST } from '../support/build.ts';
import { serviceWorkersByTag } from '../support/service-worker.ts';
import { makeTempPortalDir, spawnPortal, type SpawnedPortal } from '../../bench/support/portal-process.ts';
import type { PortalDatabase } from '../support/stored-requests.ts';
import { addStaff, STAFF } from '../support/staff.ts';
import { TEST_ROSTER_PATH } from '../support/test-portal.ts';
import type { User } from '../../src/shared/webhook/types.ts';

export interface RealPortal extends PortalDatabase {
  url: string;
}

export type TestServer = SpawnedPortal & { databasePath: string; close(): Promise<void> };

/**
 * A time staff can move a session to that is still ahead in this week (India's), on today or tomorrow: 4:00 PM
 * today when it is not past, else tomorrow's, else (Sunday evening) 11:59 PM today.
 */
export function nextFourPm(today: string, nowTime: string): { day: string; time: string } {
  if (nowTime < '15:55') return { day: today, time: '16:00' };
  if (weekdayOf(today) < 7) return { day: addDays(today, 1), time: '16:00' };
  return { day: today, time: '23:59' };
}

/** How close to a moment of the day a spec that reads the clock may start: longer than such a spec takes. */
const CLOCK_EDGE_MARGIN_MS = 60_000;

/**
 * For a spec that compares what it works out from the clock with what the real server answers: when a moment
 * of clock-edges.ts (midnight in India, a time specs move a session to, a test parent's session of the day) is
 * less than a minute away (a few minutes a day), waits by the clock until it has passed, so both sides read the
 * same day and the same sessions ahead.
 */
export async function clearOfClockEdges(): Promise<void> {
  const sessions = readRosterFile(TEST_ROSTER_PATH).parents.flatMap((parent) =>
    parent.sessions.map((s) => ({ weekday: weekdayNumber(s.day), time: s.time })),
  );
  const ahead = () => msToNextClockEdge(new Date(), sessions);
  if (ahead() >= CLOCK_EDGE_MARGIN_MS) return;
  base.info().setTimeout(base.info().timeout + 2 * CLOCK_EDGE_MARGIN_MS);
  await expect
    .poll(ahead, { timeout: 2 * CLOCK_EDGE_MARGIN_MS, intervals: [1_000] })
    .toBeGreaterThanOrEqual(CLOCK_EDGE_MARGIN_MS);
}

/** The test parent's weekly sessions (the first parent of the test roster), as the roster store reads them. */
export function testParentSessions() {
  const roster = readRosterFile(TEST_ROSTER_PATH);
  const names = new Map(roster.facilitators.map((f) => [f.id, f.name]));
  return (roster.parents[0]?.sessions ?? []).map((s) => ({
    weekday: weekdayNumber(s.day),
    time: s.time,
    facilitator: names.get(s.facilitator) ?? '',
  }));
}

const ORDINAL_SUFFIX: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
const ordinal = new Intl.PluralRules('en-US', { type: 'ordinal' });

/** A day ('YYYY-MM-DD') as the reschedule calendar names its button: "November 28th, 2026". */
export function calendarDayName(key: string): RegExp {
  const [year = 0, month = 1, day = 1] = key.split('-').map(Number);
  const monthName = new Date(Date.UTC(year, month - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
  return new RegExp(`${monthName} ${day}${ORDINAL_SUFFIX[ordinal.select(day)] ?? 'th'}, ${year}`);
}

/** The STAFF account in a real server's database, as `npm run staff -- add` makes it (with a light hash). */
export async function addStaffAccount(server: Pick<TestServer, 'databasePath'>): Promise<void> {
  const db = new Database(server.databasePath);
  try {
    await addStaff({ db });
  } finally {
    db.close();
  }
}

/** Signs `parent` in on the sign-in form, as a parent does, and waits for the menu's greeting. */
export async function signInOnForm(page: Page, parent: Pick<User, 'name' | 'number'>): Promise<void> {
  await page.goto('/registered-parent');
  await page.getByLabel('Name').fill(parent.name);
  await page.getByLabel('Phone Number').fill(parent.number);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Hello, ${parent.name}!` })).toBeVisible();
}

/**
 * Signs the worker's STAFF account in on /staff's form, as a facilitator does, and waits for the inbox: the next step
 * then runs with the session's cookie set.
 */
export async function signInToStaff(page: Page): Promise<void> {
  await page.goto('/staff');
  await page.getByLabel('Email').fill(STAFF.email);
  await page.getByLabel('Password').fill(STAFF.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
}

/**
 * Signs `parent` in on the spec's form, opens the chat and verifies the phone with the code the gateway got, as a
 * parent does; the page then shows the empty thread. The code and the text the gateway was sent, for a spec to read.
 */
export async function signInAndVerifyPhone(
  page: Page,
  codes: CodeRecorder,
  parent: User,
): Promise<{ code: string; text: string }> {
  await signInOnForm(page, parent);
  await page.getByRole('link', { name: /Chat with your facilitator/ }).click();
  await page.getByRole('button', { name: 'Send Me a Code' }).click();
  const { code, text } = await codes.nextCode(`+91${parent.number}`);
  await page.getByRole('textbox', { name: '6-digit code' }).fill(code);
  await page.getByRole('button', { name: 'Verify Phone' }).click();
  await expect(page.getByText('No messages yet. Replies from your facilitator will show here.')).toBeVisible();
  return { code, text };
}

/**
 * A real server: the server's bundle (`node dist-server/main.mjs`, as `npm start` runs it) on an ephemeral
 * 127.0.0.1 port, serving the e2e build, with its own SQLite file and the
 * test roster (server/roster.test.json) or `roster`, rate limits off, the fake push service as the push service;
 * `env` adds to that.
 */
export async function startRealServer(env: Record<string, string> = {}, roster?: RosterFile): Promise<TestServer> {
  const temp = makeTempPortalDir();
  const rosterPath = roster ? join(temp.dir, 'roster.json') : TEST_ROSTER_PATH;
  if (roster) writeFileSync(rosterPath, JSON.stringify(roster));
  const server = await spawnPortal({
    DIST_DIR: E2E_DIST,
    DATABASE_PATH: temp.databasePath,
    ROSTER_PATH: rosterPath,
    RATE_LIMIT_MAX: '0',
    RATE_LIMIT_PER_NUMBER_MAX: '0',
    // The fake push service (tests/support/fake-push-service.ts).
    PUSH_SERVICE_HOSTS: '127.0.0.1',
    ...env,
  });
  return {
    ...server,
    databasePath: temp.databasePath,
    async close() {
      await server.stop('SIGTERM');
      temp.cleanup();
    },
  };
}

/**
 * The test roster with a parent of their own for each spec that changes what a parent has (requests, the thread, a
 * moved session) and then reads it back: the specs of a worker share its server, in any order. Each has the test
 * parent's weekly sessions, so testParentSessions() and clearOfClockEdges() hold for them too.
 */
export const SPEC_PARENTS = {
  /** request-outcomes.spec.ts: asks for a range that staff confirm. */
  rangeAsker: { name: 'Rohan Gupta', number: '9000000011' },
  /** staff-requests.spec.ts: the requests staff confirm, decline and offer. */
  inboxParent: { name: 'Sunita Iyer', number: '9000000012' },
  /** conversation.spec.ts: the parent who writes and is answered, and the one who must see none of it. */
  writer: { name: 'Farah Khan', number: '9000000013' },
  bystander: { name: 'Vikram Singh', number: '9000000014' },
  /** voice-note.spec.ts: sends a voice note that staff play. */
  voiceNoter: { name: 'Anjali Deshpande', number: '9000000015' },
} as const satisfies Record<string, User>;

function specRoster(): RosterFile {
  const roster = readRosterFile(TEST_ROSTER_PATH);
  const [testParent] = roster.parents;
  if (!testParent) throw new Error('the test roster has no parent');
  const own = Object.values(SPEC_PARENTS).map((user) => ({ ...testParent, ...user }));
  return { ...roster, parents: [...roster.parents, ...own] };
}

/**
 * One real server per worker, for every spec that needs no roster or push service of its own: its sign-in codes go to
 * a recorder (CODE_WEBHOOK_URL), and it has the STAFF account, so a parent can verify a phone and a facilitator can
 * answer in /staff. A spec that needs a roster and a push service of its own starts a server with them through
 * `pushServerWith`, closed with the worker. One fixture set for all of them keeps Playwright on the same two workers
 * from spec to spec: a new worker is a new browser and a new server, seconds of a loaded machine each.
 */
export const test = base.extend<
  { portal: RealPortal },
  { server: TestServer; codes: CodeRecorder; pushServerWith: (roster: RosterFile) => Promise<PushServer> }
>({
  serviceWorkers: serviceWorkersByTag,
  codes: [
    // oxlint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies, even none.
    async ({}, use) => {
      const codes = await startCodeRecorder();
      await use(codes);
      await codes.close();
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ codes }, use) => {
      const server = await startRealServer({ CODE_WEBHOOK_URL: codes.url, PORTAL_HOST: '127.0.0.1' }, specRoster());
      await addStaffAccount(server);
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  pushServerWith: [
    // oxlint-disable-next-line no-empty-pattern -- Playwright fixtures must destructure their dependencies, even none.
    async ({}, use) => {
      const started: PushServer[] = [];
      await use(async (roster) => {
        const pushServer = await startPushServer(roster);
        started.push(pushServer);
        return pushServer;
      });
      await Promise.all(started.map((pushServer) => pushServer.close()));
    },
    { scope: 'worker' },
  ],
  portal: async ({ server }, use) => {
    await use({
      url: server.url,
      query<T>(sql: string, ...params: unknown[]): T[] {
        const db = new Database(server.databasePath, { readonly: true });
        try {
          return db.prepare(sql).all(...params) as T[];
        } finally {
          db.close();
        }
      },
    });
  },
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});

export { expect };

/** A real server whose sign-in codes and pushes reach fakes, with the STAFF account: the push journeys' setup. */
export interface PushServer {
  server: TestServer;
  codes: CodeRecorder;
  service: FakePushService;
  close(): Promise<void>;
}

export async function startPushServer(roster?: RosterFile): Promise<PushServer> {
  const codes = await startCodeRecorder();
  const service = await FakePushService.start();
  const server = await startRealServer(
    { CODE_WEBHOOK_URL: codes.url, PORTAL_HOST: '127.0.0.1', NODE_EXTRA_CA_CERTS: service.writeCaFile() },
    roster,
  );
  await addStaffAccount(server);
  return {
    server,
    codes,
    service,
    close: async () => {
      await server.close();
      await service.close();
      await codes.close();
    },
  };
}
