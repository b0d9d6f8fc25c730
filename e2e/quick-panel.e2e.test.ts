import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { quickPanelTexts } from '../apps/portal/src/features/quick-panel/lib/quick-panel-texts.ts';
import { englishPage, platformAndBrowser, signedInPage } from './harness.ts';

/**
 * SPEC §2 quick panel through the built portal in Chromium (docs/quick-panel.md): the operator's
 * event in it, notes that survive a reload, the Quick Settings switches saved with the account and
 * what each does, in English and in Arabic on a phone.
 */

const running = platformAndBrowser();
const en = quickPanelTexts.en;
const password = 'quick-pass';
beforeAll(async () => {
  for (const username of ['e2e-qp-notes', 'e2e-qp-switches', 'e2e-qp-ar']) {
    await running.platform.services.players.create({ username, email: `${username}@x.test`, password });
  }
});

async function openPanel(page: Page, title = en.title): Promise<Locator> {
  await page.getByRole('button', { name: title, exact: true }).click();
  const panel = page.getByRole('dialog', { name: title });
  await panel.waitFor();
  return panel;
}

/** Waits for the call the page makes, and answers its status. */
async function statusOf(page: Page, method: string, path: RegExp, act: () => Promise<void>): Promise<number> {
  const answered = page.waitForResponse(
    (response) => response.request().method() === method && path.test(new URL(response.url()).pathname),
  );
  await act();
  return (await answered).status();
}

/** Every toast the page shows from now on (its text), whether or not it is still on screen. */
async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { toastsSeen: string[] }).toastsSeen = seen;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('.MuiSnackbar-root [role="alert"], .MuiSnackbar-root [role="status"]')) {
        const text = toast.textContent ?? '';
        if (!seen.includes(text)) seen.push(text);
      }
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { toastsSeen: string[] }).toastsSeen);
}

describe('quick panel in Chromium', () => {
  it("shows the operator's event and today; a note added there survives a reload, is edited and deleted", async () => {
    const { platform, browser } = running;
    await platform.services.quickPanel.addEvent({ title: 'Weekend tournament', detail: 'Saturday 20:00' });
    const page = await signedInPage(browser, platform.url, 'e2e-qp-notes', password);
    const panel = await openPanel(page);
    // The page behind the modal panel is hidden from assistive technology: the button by its label.
    expect(await page.locator(`header button[aria-label="${en.title}"]`).getAttribute('aria-expanded')).toBe('true');

    const events = panel.getByRole('region', { name: en.events });
    await events.getByText('Weekend tournament').waitFor();
    expect(await events.textContent()).toContain('Saturday 20:00');
    const weekday = await page.evaluate(() => new Intl.DateTimeFormat('en', { weekday: 'long' }).format(new Date()));
    expect(await panel.getByRole('region', { name: en.today }).textContent()).toContain(weekday);
    const box = await panel.boundingBox();
    expect(box?.width).toBe(280);
    expect(box?.x).toBeGreaterThan(1280 - 280 - 20); // at the end (right) edge

    const notes = panel.getByRole('region', { name: en.notes });
    await notes.getByText(en.noNotes).waitFor();
    await notes.getByRole('button', { name: en.addNote }).click();
    const form = notes.getByRole('form', { name: en.addNote });
    await form.getByRole('textbox', { name: en.noteTitle }).fill('Ask about <b>the cap</b>');
    await form.getByRole('textbox', { name: en.noteDetail }).fill('weekly bonus\nbefore Sunday');
    expect(await statusOf(page, 'POST', /^\/api\/quick-panel\/notes$/, () => form.getByRole('button', { name: en.save }).click())).toBe(
      201,
    );
    await notes.getByText('Ask about <b>the cap</b>').waitFor(); // shown as text

    await page.reload();
    let reopened = await openPanel(page);
    const saved = reopened.getByRole('region', { name: en.notes });
    await saved.getByText('Ask about <b>the cap</b>').waitFor();
    expect(await saved.textContent()).toContain('weekly bonus');

    await saved.getByRole('button', { name: en.editNote.replace('{{title}}', 'Ask about <b>the cap</b>') }).click();
    const edit = saved.getByRole('form');
    await edit.getByRole('textbox', { name: en.noteTitle }).fill('Asked about the cap');
    expect(await statusOf(page, 'PUT', /^\/api\/quick-panel\/notes\/\d+$/, () => edit.getByRole('button', { name: en.save }).click())).toBe(
      200,
    );
    await page.reload();
    reopened = await openPanel(page);
    const edited = reopened.getByRole('region', { name: en.notes });
    await edited.getByText('Asked about the cap').waitFor();

    const remove = edited.getByRole('button', { name: en.deleteNote.replace('{{title}}', 'Asked about the cap') });
    expect(await statusOf(page, 'DELETE', /^\/api\/quick-panel\/notes\/\d+$/, () => remove.click())).toBe(200);
    await page.reload();
    reopened = await openPanel(page);
    await reopened.getByRole('region', { name: en.notes }).getByText(en.noNotes).waitFor();

    await page.keyboard.press('Escape');
    await reopened.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(en.title);
    await page.context().close();
  });

  it('the switches are saved with the account; Retro Thrusters gives the classic look; Notifications off hides a notification toast, on shows it', async () => {
    const { platform, browser } = running;
    const page = await signedInPage(browser, platform.url, 'e2e-qp-switches', password);
    const toasts = await recordToasts(page);
    let panel = await openPanel(page);
    const update = /^\/api\/auth\/user\/update$/;
    const notifications = () => panel.getByRole('switch', { name: en.notifications });
    const cloudSync = () => panel.getByRole('switch', { name: en.cloudSync });
    const retro = () => panel.getByRole('switch', { name: en.retroThrusters });
    expect([await notifications().isChecked(), await cloudSync().isChecked(), await retro().isChecked()]).toEqual([true, true, false]);

    expect(await statusOf(page, 'POST', update, () => notifications().click())).toBe(200);
    const radius = () => panel.getByRole('button', { name: en.addNote }).evaluate((element) => getComputedStyle(element).borderRadius);
    expect(await radius()).not.toBe('0px');
    expect(await statusOf(page, 'POST', update, () => retro().click())).toBe(200);
    expect(await radius()).toBe('0px');
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain('Courier New');

    // A push of a new event: the open panel shows it, and with Notifications off no toast tells of it
    // (the toast bar's code is there by now: a toast would show at once).
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => /\/toast-bar-[^/]*\.js$/.test(entry.name)));
    await platform.services.quickPanel.addEvent({ title: 'Quiet event' });
    await panel.getByRole('region', { name: en.events }).getByText('Quiet event').waitFor();
    await expect.poll(() => page.evaluate(() => document.querySelector('.MuiSnackbar-root') === null)).toBe(true);
    expect(await toasts()).toEqual([]);

    // Over a reload, and in another browser (the account's copy), the switches stay as set.
    await page.reload();
    panel = await openPanel(page);
    expect([await notifications().isChecked(), await cloudSync().isChecked(), await retro().isChecked()]).toEqual([false, true, true]);
    const other = await signedInPage(browser, platform.url, 'e2e-qp-switches', password);
    const otherPanel = await openPanel(other);
    expect(await otherPanel.getByRole('switch', { name: en.notifications }).isChecked()).toBe(false);
    expect(await otherPanel.getByRole('switch', { name: en.retroThrusters }).isChecked()).toBe(true);
    await other.context().close();

    // Notifications on: the next event's toast shows (the panel closed: the page is no longer behind a modal).
    const shown = await recordToasts(page);
    expect(await statusOf(page, 'POST', update, () => notifications().click())).toBe(200);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await platform.services.quickPanel.addEvent({ title: 'Loud event' });
    await page.getByRole('status').filter({ hasText: 'New event: Loud event' }).waitFor();
    expect(await shown()).toContain('New event: Loud event');
    panel = await openPanel(page);

    // Cloud Sync off: the account keeps only the switches; the look stays in this browser.
    expect(await statusOf(page, 'POST', update, () => cloudSync().click())).toBe(200);
    const account = await page.evaluate(async () => {
      const response = await fetch('/player/profile', {
        headers: { Authorization: `Bearer ${window.localStorage.getItem('jwt_access_token')}` },
      });
      return ((await response.json()) as { settings: unknown }).settings;
    });
    expect(account).toEqual({ quickSettings: { notifications: true, retroThrusters: true, cloudSync: false } });
    await page.context().close();
  });

  it('in Arabic on a 390 px phone: the panel opens from the start side within the screen, Today in Arabic', async () => {
    const { platform, browser } = running;
    const { page } = await englishPage(browser, platform.url, { width: 390, height: 844 });
    await page.addInitScript(() => window.localStorage.setItem('language', 'ar'));
    await page.goto('/login');
    // The login form in Arabic: its fields by name.
    await page.locator('input[name="username"]').fill('e2e-qp-ar');
    await page.locator('input[type="password"]').fill(password);
    await page.locator('button[type="submit"]').click();
    await page.waitForURL(/\/lobby$/);
    const ar = quickPanelTexts.ar;
    // A phone's toolbar has no room for the panel's button: it is in the menu's footer.
    expect(await page.getByRole('banner').getByRole('button', { name: ar.title, exact: true }).count()).toBe(0);
    await page.locator('button[aria-controls="navbar"]').click();
    const panel = await openPanel(page, ar.title);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const box = await panel.boundingBox();
    expect(box).toMatchObject({ x: 0, width: 280 });
    const weekday = await page.evaluate(() => new Intl.DateTimeFormat('ar', { weekday: 'long' }).format(new Date()));
    expect(await panel.getByRole('region', { name: ar.today }).textContent()).toContain(weekday);
    await panel.getByRole('switch', { name: ar.notifications }).waitFor();
    await page.context().close();
  });
});
