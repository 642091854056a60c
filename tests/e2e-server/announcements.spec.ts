import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { slotLabel } from '../../server/announcements/session-changes.ts';
import { hindi } from '../../src/app/hindi.ts';
import { en as announcementsEn } from '../../src/features/announcements/messages.ts';
import { en as scheduleEn, type ScheduleMessages } from '../../src/features/schedule/messages.ts';
import { startsAtWhen } from '../../src/features/schedule/session-when.ts';
import { en as uiEn } from '../../src/ui/messages.ts';
import { sessionChangeText } from '../../src/shared/announcements/session-change-text.ts';
import { toIstIso } from '../../src/shared/format/ist.ts';
import { phoneKey } from '../../src/shared/rules/phone.ts';
import { startsAtOf } from '../../src/shared/rules/request-outcome.ts';
import { addDays, weekdayOf } from '../../src/shared/schedule/week.ts';
import { WEEKDAYS } from '../../src/shared/schedule/weekdays.ts';
import type { RosterSessionEntry } from '../../src/shared/roster/format.ts';
import type { RosterFile } from '../../server/roster/roster-file.ts';
import { WEBHOOK_PATH } from '../../src/shared/webhook/endpoint.ts';
import type { Language, User } from '../../src/shared/webhook/types.ts';
import type { FakeSubscription } from '../support/fake-push-service.ts';
import { expectNoAxeViolations, expectNoSmallTargets } from '../support/axe.ts';
import { SERVICE_WORKER, waitForServiceWorkerControl } from '../support/service-worker.ts';
import { openSignedIn } from '../support/registered-parent.ts';
import { clearOfClockEdges, expect, signInToStaff, test, type PushServer } from './fixtures.ts';

/**
 * A session change reaches many parents, in real time on the reference
 * server: staff cancel one occurrence of a weekly session two parents share
 * in /staff; both parents' phones are pushed (the fake push service checks
 * and decrypts each, in the phone's language), both see it on the menu's
 * card and in the schedule's note, one in Hindi; one reads it offline after
 * a reload, and staff see who has seen it and who has not. The wording, the
 * counts and the offline copy are unit tables; this is the journey.
 */

const FACILITATOR = { id: 'priya-sharma', name: 'Priya Sharma', slackChannel: '#facilitator-priya-sharma' };
const ASHA: User = { name: 'Asha Verma', number: '9876500001' };
const RAVI: User = { name: 'Ravi Kumar', number: '9876500002' };
const REASON = 'Diwali';

/**
 * Both parents have a session at 4:00 PM every day, and at 11:59 PM on Sunday: tomorrow's is cancelled, or on a
 * Sunday (whose tomorrow is next week) tonight's, so the occurrence is always in the schedule's week.
 */
const SESSIONS: RosterSessionEntry[] = [
  ...WEEKDAYS.map((day) => ({ day, time: '16:00', facilitator: FACILITATOR.id })),
  { day: 'Sunday', time: '23:59', facilitator: FACILITATOR.id },
];

/** The two parents, on a roster of their own: the push service sees only their phones. */
const ROSTER: RosterFile = {
  facilitators: [FACILITATOR],
  parents: [ASHA, RAVI].map((user) => ({ ...user, facilitator: FACILITATOR.id, sessions: SESSIONS })),
};

/**
 * A phone of the parent verified and subscribed to the fake push service over the webhook, as the portal's
 * notification screen does (that screen's journey is notifications.spec.ts), with quiet hours off.
 */
async function subscribedPhone(
  { server, codes, service }: PushServer,
  user: User,
  language: Language,
): Promise<FakeSubscription> {
  const post = async (body: unknown, token?: string) => {
    const response = await fetch(`${server.url}${WEBHOOK_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  };
  await post({ action: 'request_code', user, language });
  const { code } = await codes.nextCode(phoneKey(user.number) ?? '');
  const { token } = (await post({ action: 'verify_code', user, payload: { code }, language })) as { token: string };
  const { public_key } = (await post({ action: 'push_settings', language }, token)) as { public_key: string };
  const subscription = service.subscribe({ applicationServerKey: public_key });
  const settings = { quiet_start: '00:00', quiet_end: '00:00' };
  await post({ action: 'push_subscribe', payload: { subscription: subscription.json, settings }, language }, token);
  return subscription;
}

/** The schedule's note of the cancelled occurrence, as the page writes it in that language. */
function cancelledNote(t: ScheduleMessages, startsAt: string, locale: Language): string {
  const when = startsAtWhen(startsAt, new Date(), locale);
  return t.cancelled(t.calendar.session(when.day, when.time, FACILITATOR.name), REASON);
}

async function fetchSchedule(page: Page, t: ScheduleMessages): Promise<void> {
  await page.getByRole('button', { name: t.fetch }).click();
}

test(
  'staff cancel a session two parents share: both are pushed, see it on the menu and the schedule (one in Hindi), one reads it offline, and staff see who has not',
  { tag: SERVICE_WORKER },
  async ({ browser, pushServerWith }) => {
    const announcementServer = await pushServerWith(ROSTER);
    const { server, service } = announcementServer;
    await clearOfClockEdges();
    const today = toIstIso(new Date()).slice(0, 10);
    const sunday = weekdayOf(today) === 7;
    const day = sunday ? today : addDays(today, 1);
    const time = sunday ? '23:59' : '16:00';
    const startsAt = startsAtOf(day, time);
    const [ashaPhone, raviPhone] = [
      await subscribedPhone(announcementServer, ASHA, 'en'),
      await subscribedPhone(announcementServer, RAVI, 'hi'),
    ];

    // 1. Staff cancel that occurrence in /staff.
    const staffContext = await browser.newContext({ baseURL: server.url });
    const staff = await staffContext.newPage();
    await signInToStaff(staff);
    await staff.goto('/staff/announcements');
    await expectNoAxeViolations(staff, 'the announcements page');
    await expectNoSmallTargets(staff, 'the announcements page: its links, choices and buttons');
    const cancel = staff.locator('form').filter({ has: staff.getByRole('heading', { name: 'Cancel one session' }) });
    const slot = { weekday: weekdayOf(day), time, facilitator: FACILITATOR.name };
    await cancel.getByLabel('Session').selectOption({ label: `${slotLabel(slot)} (2 parents)` });
    await cancel.getByLabel('Its day this week or next').fill(day);
    await cancel.getByLabel('Reason parents will read').fill(REASON);
    await cancel.getByRole('button', { name: 'Cancel this session' }).click();
    await expect(staff.getByText('Seen by 0 of 2')).toBeVisible();

    // 4. Each phone's push reached the push service, signed and decryptable, its title in the phone's language.
    const change = { kind: 'cancelled', startsAt, facilitator: FACILITATOR.name, reason: REASON } as const;
    const [english, inHindi] = [
      sessionChangeText(change, 'en', new Date()),
      sessionChangeText(change, 'hi', new Date()),
    ];
    const pushTo = (phone: FakeSubscription) => service.nextPush((push) => push.subscriptionId === phone.id);
    expect((await pushTo(ashaPhone)).json).toMatchObject({
      kind: 'announcement',
      title: english.title,
      language: 'en',
    });
    expect((await pushTo(raviPhone)).json).toMatchObject({
      kind: 'announcement',
      title: inHindi.title,
      language: 'hi',
    });

    // 2. Both see it: on the menu's card, and in the schedule's note (Ravi in Hindi).
    const ashaContext = await browser.newContext({ baseURL: server.url });
    const asha = await ashaContext.newPage();
    await asha.goto('/');
    await waitForServiceWorkerControl(asha);
    await openSignedIn(asha, '/registered-parent/schedule', ASHA);
    await fetchSchedule(asha, scheduleEn);
    await expect(asha.getByRole('region', { name: scheduleEn.changesTitle })).toContainText(
      cancelledNote(scheduleEn, startsAt, 'en'),
    );
    await asha.getByRole('link', { name: uiEn.backToMenu }).click();
    const ashaCard = asha.getByRole('link', { name: new RegExp(`^${announcementsEn.menuTitle}`) });
    await expect(ashaCard).toContainText(announcementsEn.unread(1));

    // Ravi's phone stays online: the worker's install, about a second of CPU, is Asha's to pay.
    const raviContext = await browser.newContext({ baseURL: server.url, serviceWorkers: 'block' });
    const ravi = await raviContext.newPage();
    await openSignedIn(ravi, '/hi/registered-parent/schedule', RAVI);
    await fetchSchedule(ravi, hindi.schedule);
    await expect(ravi.getByRole('region', { name: hindi.schedule.changesTitle })).toContainText(
      cancelledNote(hindi.schedule, startsAt, 'hi'),
    );
    await ravi.getByRole('link', { name: hindi.ui.backToMenu }).click();
    const raviCard = ravi.getByRole('link', { name: new RegExp(`^${hindi.announcements.menuTitle}`) });
    await expect(raviCard).toContainText(hindi.announcements.unread(1));

    // 3. Asha opens the list, goes offline, reloads, and reads the update from the phone; her mark goes once online.
    await ashaCard.click();
    const item = asha.getByRole('list', { name: announcementsEn.listLabel }).getByRole('link', { name: english.title });
    await expect(item).toBeVisible();
    await ashaContext.setOffline(true);
    await asha.reload();
    await item.click();
    await expect(asha.getByRole('heading', { level: 2, name: english.title })).toBeVisible();
    await expect(asha.getByText(english.body)).toBeVisible();
    await ashaContext.setOffline(false);
    const seenOnServer = () => {
      const db = new Database(server.databasePath, { readonly: true });
      try {
        return db.prepare('SELECT count(seen_at) FROM announcement_recipients').pluck().get();
      } finally {
        db.close();
      }
    };
    await expect.poll(seenOnServer).toBe(1);

    // 5. Staff see it seen by one of the two, and who has not seen it, with a number to call.
    await staff.reload();
    await expect(staff.getByText('Seen by 1 of 2')).toBeVisible();
    const notSeen = staff.getByRole('group').filter({ hasText: 'Not seen yet (1)' });
    await notSeen.getByText('Not seen yet (1)').click();
    await expect(notSeen.getByRole('listitem')).toHaveCount(1);
    await expect(notSeen.getByRole('listitem')).toContainText(RAVI.name);
    await expect(notSeen.getByRole('link')).toHaveAttribute('href', `tel:${phoneKey(RAVI.number)}`);

    await Promise.all([staffContext.close(), ashaContext.close(), raviContext.close()]);
  },
);
