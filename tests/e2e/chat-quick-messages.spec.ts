import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { message, sendButton } from '../support/chat-attachments.ts';
import { openSignedIn } from '../support/registered-parent.ts';
import { expectAccessible } from '../support/axe.ts';
import { tabOnceTo, tabTo } from '../support/keyboard.ts';

const CHAT = '/registered-parent/chat';

const chips = (page: Page) => page.getByRole('group', { name: 'Quick messages' }).getByRole('button');
const chip = (page: Page, name: string) => chips(page).filter({ hasText: name });

// What a tap puts in the box, and what is sent, are screen tests (tests/unit/features/conversation/chat-screen.test.tsx);
// here, where the chips are drawn, axe, and the keyboard alone.
test('quick messages: above the message box, accessible, and used with the keyboard alone', async ({
  page,
  webhook,
}) => {
  await openSignedIn(page, CHAT);
  await expect(chips(page)).toHaveCount(4);
  const [lastChip, box] = await Promise.all([chips(page).last().boundingBox(), message(page).boundingBox()]);
  expect((lastChip?.y ?? Infinity) + (lastChip?.height ?? 0)).toBeLessThanOrEqual(box?.y ?? 0);
  await expectAccessible(page, 'chat with quick messages');

  webhook.reply({ body: 'OK' });
  await page.getByRole('heading', { level: 1, name: 'Chat with Facilitator' }).focus();
  // The conversation above the form comes first: on a phone with no token, its one button, drawn once
  // the phone's storage has been read.
  const sendCode = page.getByRole('button', { name: 'Send Me a Code' });
  await expect(sendCode).toBeVisible();
  await tabOnceTo(page, sendCode);
  await tabOnceTo(page, chip(page, 'Running late today'));
  await tabOnceTo(page, chip(page, 'My child will be absent today'));
  await page.keyboard.press('Space');
  await expect(message(page)).toBeFocused();
  await expect(message(page)).toHaveValue('My child will be absent today');
  await tabOnceTo(page, chip(page, 'Thank you!'), { back: true });
  await page.keyboard.press('Enter');
  await expect(message(page)).toHaveValue('My child will be absent today Thank you!');
  expect(webhook.requests).toHaveLength(0);
  await expect(message(page)).toBeFocused();
  await tabTo(page, sendButton(page));
  await page.keyboard.press('Enter');
  const [request] = await webhook.waitForRequests(1);
  expect(request?.body).toMatchObject({ payload: { message: 'My child will be absent today Thank you!' } });
});
