import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { chatTexts } from '../apps/portal/src/features/chat/lib/chat-texts.ts';
import { platformAndBrowser, pollRead, signedInPage } from './harness.ts';

/**
 * SPEC §2 chat panel through the whole stack: a player (demo) and a staff member (staff) in two
 * browser contexts, the platform's chat calls, its database and the notification socket between them.
 */

const running = platformAndBrowser();

const chatButton = (page: Page) => page.getByRole('button', { name: /^Team Chat/, includeHidden: true });
const chatPanel = (page: Page) => page.getByRole('dialog', { name: 'Team Chat' });
const messageInput = (page: Page) => chatPanel(page).getByRole('textbox', { name: 'Type your message' });
const thread = (page: Page, name: string) => chatPanel(page).getByRole('log', { name: `Messages with ${name}` });
const shownMessages = (page: Page, name: string) => thread(page, name).getByTestId('chat-message');
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);

/** Opens the panel from the toolbar and the chat with the contact whose accessible name matches `contact`. */
async function openChat(page: Page, contact: RegExp, name: string): Promise<void> {
  await chatButton(page).click();
  await chatPanel(page).waitFor();
  await chatPanel(page).getByRole('button', { name: contact }).click();
  await thread(page, name).waitFor();
}

describe('team chat in Chromium', () => {
  it('a player writes to the team; staff in another browser sees it live with an unread badge, opens it and answers; the player sees the answer live', async () => {
    const { browser, platform } = running;
    const [player, staff] = await Promise.all([
      signedInPage(browser, platform.url),
      signedInPage(browser, platform.url, 'staff', 'staff1234'),
    ]);
    const sends: string[] = [];
    player.on('request', (request) => {
      if (request.url().endsWith('/api/chat/send-message')) sends.push(request.postData() ?? '');
    });

    // The staff member's button (after the first view) has nothing unread yet.
    await expect.poll(() => chatButton(staff).getAttribute('aria-label', pollRead)).toBe('Team Chat');

    // The player's contacts are the team; Staff shows online once the staff member's socket is live.
    await chatButton(player).click();
    const panel = chatPanel(player);
    await panel.waitFor();
    expect(await panel.getByText('Select a contact to start a conversation.').isVisible()).toBe(true);
    // A member of the team is named with the role (and marked Team), so no player can pass for them.
    await panel.getByRole('button', { name: /^Staff \(team staff\), Online/ }).click();
    await thread(player, 'Staff').waitFor();
    await panel.getByText('Start a conversation by typing your message below.').waitFor();

    // Whitespace only: the button stays disabled and Enter sends nothing.
    await messageInput(player).fill('   ');
    expect(await panel.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await messageInput(player).press('Enter');

    const text = 'Hello team <b>bold</b><script>window.__chatInjected = true</script>';
    await messageInput(player).fill(`  ${text}  `);
    await messageInput(player).press('Enter');
    await expect.poll(() => shownMessages(player, 'Staff').count()).toBe(1);
    expect(sends).toHaveLength(1);
    expect(JSON.parse(sends[0]!)).toMatchObject({ messageText: text, clientMessageId: expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(await messageInput(player).inputValue()).toBe('');

    // Live in the other browser: the unread badge, then the message as text, not markup.
    await expect.poll(() => chatButton(staff).getAttribute('aria-label', pollRead)).toBe('Team Chat, unread messages: 1');
    expect(await chatButton(staff).textContent()).toContain('1');
    await openChat(staff, /^Deniz Yılmaz, Online, unread messages: 1$/, 'Deniz Yılmaz');
    const received = shownMessages(staff, 'Deniz Yılmaz');
    await expect.poll(() => received.count()).toBe(1);
    expect(await received.first().textContent()).toContain(text);
    expect(await thread(staff, 'Deniz Yılmaz').locator('b, script').count()).toBe(0);
    expect(await staff.evaluate(() => (window as { __chatInjected?: boolean }).__chatInjected)).toBeUndefined();
    // Opened: read.
    await expect.poll(() => chatButton(staff).getAttribute('aria-label', pollRead)).toBe('Team Chat');

    await messageInput(staff).fill('Hi Deniz, how can we help?');
    await chatPanel(staff).getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => received.count()).toBe(2);

    // The player, whose chat is open, sees the answer arrive.
    await expect.poll(() => shownMessages(player, 'Staff').count()).toBe(2);
    expect(await shownMessages(player, 'Staff').nth(1).textContent()).toContain('Hi Deniz, how can we help?');

    // Esc closes the panel; the focus is back on the toolbar button.
    await player.keyboard.press('Escape');
    await chatPanel(player).waitFor({ state: 'detached' });
    await expect.poll(() => focusedLabel(player)).toBe('Team Chat');

    // Kept by the server: after a reload the chat is there, and the answer seen in the open chat is not unread.
    await player.reload();
    await expect.poll(() => chatButton(player).getAttribute('aria-label', pollRead)).toBe('Team Chat');
    await openChat(player, /^Staff/, 'Staff');
    await expect.poll(() => shownMessages(player, 'Staff').count()).toBe(2);
    expect(sends).toHaveLength(1);

    await Promise.all([player.context().close(), staff.context().close()]);
  });

  it.each([
    ['en', chatTexts.en],
    ['ar', chatTexts.ar],
  ] as const)(
    'at 320 px (%s): the language list, the status, Close and every contact with its Team mark each lie on top; Türkçe turns it Turkish',
    async (language, texts) => {
      const { browser, platform } = running;
      const page = await signedInPage(browser, platform.url, 'demo2', 'demo1234', { width: 320, height: 640 });
      if (language === 'ar') {
        await page.evaluate(() => {
          window.localStorage.setItem('language', 'ar');
          window.localStorage.setItem('i18nextLng', 'ar');
        });
        await page.reload();
      }
      await page.getByRole('button', { name: new RegExp(`^${texts.title}`) }).click();
      const panel = page.getByRole('dialog', { name: texts.title });
      await panel.getByText(texts.selectContact).waitFor();
      // Settled after its slide in.
      await expect.poll(async () => (await panel.boundingBox())?.x).toBe(0);
      const badges = panel.getByTestId('chat-team-badge');
      await expect.poll(() => badges.count()).toBeGreaterThanOrEqual(2);
      const covered = await panel.evaluate((dialog) => {
        const controls = [...dialog.querySelectorAll<HTMLElement>('button, select, input, textarea, [data-testid="chat-team-badge"]')];
        return controls.flatMap((control) => {
          const box = control.getBoundingClientRect();
          if (box.width === 0 || box.height === 0) return [];
          const name = control.getAttribute('aria-label') ?? control.textContent ?? control.tagName;
          if (box.left < 0 || box.right > window.innerWidth) return [`${name}: outside the screen`];
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          return hit && (control === hit || control.contains(hit) || hit.contains(control))
            ? []
            : [`${name}: under ${hit?.outerHTML.slice(0, 80)}`];
        });
      });
      expect(covered).toEqual([]);
      await panel.getByRole('combobox', { name: language === 'ar' ? 'اللغة' : 'Language' }).selectOption('tr');
      const turkish = page.getByRole('dialog', { name: chatTexts.tr.title });
      await turkish.getByText(chatTexts.tr.selectContact).waitFor();
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['tr', 'ltr']);
      await page.context().close();
    },
  );

  it('opens from the start side in Arabic on a phone, within the screen', async () => {
    const { browser, platform } = running;
    const page = await signedInPage(browser, platform.url, 'demo2', 'demo1234', { width: 390, height: 844 });
    await page.evaluate(() => {
      window.localStorage.setItem('language', 'ar');
      window.localStorage.setItem('i18nextLng', 'ar');
    });
    await page.reload();
    const { ar } = chatTexts;
    await page.getByRole('button', { name: ar.title }).click();
    const panel = page.getByRole('dialog', { name: ar.title });
    await panel.getByText(ar.selectContact).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // Settled after its slide in: MUI's Drawer puts the end side's panel on the left right to left.
    await expect.poll(async () => (await panel.boundingBox())?.x).toBe(0);
    const box = (await panel.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(390);
    expect(box.width).toBeGreaterThan(300);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await page.context().close();
  });
});
