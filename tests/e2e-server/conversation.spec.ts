import { expect, type Browser, type Page } from '@playwright/test';
import { CONVERSATION_DB, CONVERSATION_STORE } from '../../src/shared/storage-names.ts';
import type { CodeRecorder } from '../support/code-recorder.ts';
import { STAFF } from '../support/staff.ts';
import { signInAndVerifyPhone, signInToStaff, SPEC_PARENTS, test } from './fixtures.ts';
import type { User } from '../../src/shared/webhook/types.ts';

/**
 * The two-way conversation end to end, in real time: the real server with its SMS gateway
 * at CODE_WEBHOOK_URL recorded, two parents and a staff member, each in
 * their own browser context.
 */

/** The token the phone keeps in IndexedDB (src/shared/conversation/store.ts), as the page reads it. */
function storedToken(page: Page): Promise<string> {
  return page.evaluate(
    ([name, store]) =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onerror = () => reject(new Error('no database'));
        open.onsuccess = () => {
          const all = open.result.transaction(store).objectStore(store).getAll();
          all.onsuccess = () => resolve((all.result as { token: string }[])[0]?.token ?? '');
        };
      }),
    [CONVERSATION_DB, CONVERSATION_STORE] as const,
  );
}

/** Signs in on the spec's form, opens the chat and verifies the phone with the code the gateway got: the token. */
async function verifiedChat(browser: Browser, baseURL: string, codes: CodeRecorder, parent: User) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.clock.install();
  const { code, text } = await signInAndVerifyPhone(page, codes, parent);
  expect(text.split('\n').at(-1)).toBe(`@${new URL(baseURL).hostname} #${code}`);
  return { page, token: await storedToken(page), close: () => context.close() };
}

const thread = (page: Page) => page.getByRole('region', { name: 'Messages with your facilitator' });

test('two parents and a staff member: a reply reaches its parent on the next fetch, and only that parent', async ({
  browser,
  server: { url },
  codes,
  request,
}) => {
  const a = await verifiedChat(browser, url, codes, SPEC_PARENTS.writer);
  await a.page.getByLabel('Message', { exact: true }).fill('Can we move Thursday to Friday?');
  await a.page.getByRole('button', { name: 'Send Message' }).click();
  await expect(a.page.getByRole('heading', { name: '✓ Sent!' })).toBeVisible();
  await expect(thread(a.page).getByText('Can we move Thursday to Friday?')).toBeVisible();

  const staffContext = await browser.newContext({ baseURL: url });
  const staff = await staffContext.newPage();
  await signInToStaff(staff);
  await staff.getByRole('link', { name: SPEC_PARENTS.writer.name }).click();
  await expect(staff.getByText('Can we move Thursday to Friday?')).toBeVisible();
  await staff.getByLabel('Reply').fill('Yes, Friday at 5 works.');
  await staff.getByRole('button', { name: 'Send reply' }).click();
  await expect(staff.getByText('Yes, Friday at 5 works.')).toBeVisible();
  await staffContext.close();

  // The next fetch is the 30 s poll.
  await a.page.clock.runFor(30_000);
  await expect(thread(a.page).getByText('Yes, Friday at 5 works.')).toBeVisible();
  await expect(thread(a.page).getByText(STAFF.name, { exact: true })).toBeVisible();

  // Parent B, verified on their own phone, sees none of it, and B's token reads only B's thread.
  const b = await verifiedChat(browser, url, codes, SPEC_PARENTS.bystander);
  await expect(b.page.getByText('Can we move Thursday to Friday?')).toHaveCount(0);
  await expect(b.page.getByText('Yes, Friday at 5 works.')).toHaveCount(0);
  const asB = await request.post('/api/webhook', {
    headers: { authorization: `Bearer ${b.token}` },
    data: { action: 'chat_thread' },
  });
  expect(asB.status()).toBe(200);
  expect(((await asB.json()) as { messages: unknown[] }).messages).toEqual([]);
  const asA = await request.post('/api/webhook', {
    headers: { authorization: `Bearer ${a.token}` },
    data: { action: 'chat_thread' },
  });
  expect(((await asA.json()) as { messages: { text: string }[] }).messages.map((m) => m.text)).toEqual([
    'Can we move Thursday to Friday?',
    'Yes, Friday at 5 works.',
  ]);

  // A's logout ends A's token on the server.
  await a.page.getByRole('link', { name: 'Back to Menu' }).click();
  await a.page.getByRole('button', { name: 'Logout' }).click();
  await expect(a.page).toHaveURL(/\/$/);
  await expect
    .poll(async () =>
      (
        await request.post('/api/webhook', {
          headers: { authorization: `Bearer ${a.token}` },
          data: { action: 'chat_thread' },
        })
      ).status(),
    )
    .toBe(401);
  await a.close();
  await b.close();
});
