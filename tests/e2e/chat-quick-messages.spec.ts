import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { message, sendButton } from '../support/chat-attachments.ts';
import { openSignedInAfresh } from '../support/fresh-origin.ts';
import { expectAccessible } from '../support/axe.ts';
import { tabOnceTo, tabTo } from '../support/keyboard.ts';

const CHAT = '/registered-parent/chat';
const SENTENCES = ['Running late today', 'My child will be absent today', 'Please call me back', 'Thank you!'];

const chips = (page: Page) => page.getByRole('group', { name: 'Quick messages' }).getByRole('button');
const chip = (page: Page, name: string) => chips(page).filter({ hasText: name });

// One page walks the quick messages' states; each step opens the chat afresh and uses up every reply it scripts.
test('quick messages: four sentences above the box, a tap fills or adds, and the keyboard', async ({
  page,
  webhook,
}) => {
  await test.step('offers four ready sentences as buttons above the message box', async () => {
    await openSignedInAfresh(page, webhook, CHAT);
    await expect(chips(page)).toHaveText(SENTENCES);
    const [lastChip, box] = await Promise.all([chips(page).last().boundingBox(), message(page).boundingBox()]);
    expect((lastChip?.y ?? Infinity) + (lastChip?.height ?? 0)).toBeLessThanOrEqual(box?.y ?? 0);
    await expectAccessible(page, 'chat with quick messages');
  });

  await test.step('a tap fills the empty box and moves focus there, and sends nothing', async () => {
    await openSignedInAfresh(page, webhook, CHAT);
    await chip(page, 'My child will be absent today').click();
    await expect(message(page)).toHaveValue('My child will be absent today');
    await expect(message(page)).toBeFocused();
    await expect(page.getByText('29/500 characters', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: '✓ Sent!' })).toHaveCount(0);
    expect(webhook.requests).toHaveLength(0);
  });

  await test.step('a tap adds the sentence after what is typed, and it can be edited before sending', async () => {
    await openSignedInAfresh(page, webhook, CHAT);
    webhook.reply({ body: 'OK' });
    await message(page).fill('Good morning.');
    await chip(page, 'Please call me back').click();
    await expect(message(page)).toHaveValue('Good morning. Please call me back');
    await page.keyboard.type(' after six');
    await chip(page, 'Thank you!').click();
    await expect(message(page)).toHaveValue('Good morning. Please call me back after six Thank you!');
    await sendButton(page).click();
    const [request] = await webhook.waitForRequests(1);
    expect(request?.body).toMatchObject({
      payload: { message: 'Good morning. Please call me back after six Thank you!' },
    });
  });

  await test.step('works with the keyboard alone', async () => {
    await openSignedInAfresh(page, webhook, CHAT);
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
});
