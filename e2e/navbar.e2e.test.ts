import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { platformAndBrowser, pollRead, signedInPage } from './harness.ts';

// The vertical navbar and the phone's drawer (docs/portal-shell.md "Layouts"), in Chromium at the widths
// where their defects were seen (issue 24): long labels, the folded navbar beside the lobby, the drawer's
// icon buttons.
const running = platformAndBrowser();

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

/** The portal in `language` from the next load (the page signed in in English). */
async function speak(page: Page, language: 'tr' | 'ar') {
  await page.evaluate((lang) => {
    localStorage.setItem('language', lang);
    localStorage.setItem('i18nextLng', lang);
  }, language);
  await page.reload();
}

describe('the navbar in Chromium', () => {
  it('a label longer than the navbar ends in an ellipsis and shows whole as its hint (1440 px, Turkish, staff)', async () => {
    const { browser, platform } = running;
    const page = await signedInPage(browser, platform.url, 'staff', 'staff1234', { width: 1440, height: 900 });
    await speak(page, 'tr');
    // On its own page the item's collapses open by themselves (SPEC §2).
    await page.goto('/ui/page-layouts/carded/left-sidebar-2-tabbed');
    const navbar = page.locator('#navbar');
    const link = navbar.getByRole('link', { name: 'Kartlı sol kenar çubuğu 2, sekmeli' });
    await link.waitFor();
    const label = link.getByText('Kartlı sol kenar çubuğu 2, sekmeli');
    const shown = await label.evaluate((element) => {
      const style = getComputedStyle(element);
      return { cut: element.scrollWidth > element.clientWidth, overflow: style.textOverflow, wrap: style.whiteSpace };
    });
    expect(shown).toEqual({ cut: true, overflow: 'ellipsis', wrap: 'nowrap' });
    // The label stays inside the navbar.
    const [labelBox, navbarBox] = [await box(label), await box(navbar)];
    expect(labelBox.x + labelBox.width).toBeLessThanOrEqual(navbarBox.x + navbarBox.width);
    await label.hover();
    await expect.poll(() => label.getAttribute('title', pollRead)).toBe('Kartlı sol kenar çubuğu 2, sekmeli');
    // A label that fits gets no hint.
    const lobby = navbar.getByRole('link', { name: 'Lobi' }).getByText('Lobi');
    await lobby.hover();
    expect(await lobby.getAttribute('title')).toBeNull();
    await page.close();
  });

  it('folded, the navbar is 64 px and the lobby’s rows use the width it leaves (1440 px)', async () => {
    const { browser, platform } = running;
    const page = await signedInPage(browser, platform.url, 'demo', 'demo1234', { width: 1440, height: 900 });
    await page
      .getByTestId(/^machine-card-/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Fold navigation menu' }).click();
    // Away from the navbar, which opens while the pointer is on it.
    await page.mouse.move(900, 600);
    await expect.poll(async () => (await box(page.locator('#navbar'))).width).toBe(64);
    const main = await box(page.locator('#main-content'));
    expect(main.x).toBe(64);
    const rows = page.locator('#main-content ul:has(> li [data-testid^="machine-card-"])');
    expect(await rows.count()).toBeGreaterThan(0);
    for (const row of await rows.all()) {
      const grid = await box(row);
      const cards = row.locator(':scope > li');
      const last = await box(cards.nth((await cards.count()) - 1));
      const first = await box(cards.first());
      // The brand's first row is full: its last card ends where the grid ends, no empty column after it.
      if (Math.abs(last.y - first.y) < 1) expect(grid.x + grid.width - (last.x + last.width)).toBeLessThan(1);
    }
    await page.close();
  });
});

describe('the phone’s drawer in Chromium (390 px)', () => {
  for (const language of ['en', 'ar'] as const) {
    it(`its icon buttons in one row, on the language select's edge, none under another (${language})`, async () => {
      const { browser, platform } = running;
      const page = await signedInPage(browser, platform.url, 'demo', 'demo1234', { width: 390, height: 844 });
      if (language === 'ar') await speak(page, 'ar');
      await page
        .getByTestId(/^machine-card-/)
        .first()
        .waitFor();
      const rtl = language === 'ar';
      await page.locator('header button[aria-controls="navbar"]').click();
      // Information, then the documentation and quick panel buttons, which come after the first view: the
      // drawer's controls with a hint (the menu's links, the close and language buttons have none).
      const icons = page.locator('#navbar').locator(':is(button, a)[title]:visible');
      await expect.poll(() => icons.count(), { timeout: 15_000 }).toBe(3);
      const buttons = await Promise.all((await icons.all()).map(box));
      // The language select (a button with its menu).
      const select = await box(page.locator('#navbar button[aria-haspopup="menu"]'));
      const centre = (b: { y: number; height: number }) => b.y + b.height / 2;
      for (const button of buttons) expect(Math.abs(centre(button) - centre(buttons[0]!))).toBeLessThan(1);
      const start = (b: { x: number; width: number }) => (rtl ? b.x + b.width : b.x);
      expect(Math.abs(start(buttons[0]!) - start(select))).toBeLessThan(1);
      for (const [index, button] of buttons.entries()) {
        const hit = await icons.nth(index).evaluate(
          (element, [x, y]) => {
            const found = document.elementFromPoint(x!, y!);
            return !!found && element.contains(found);
          },
          [button.x + button.width / 2, button.y + button.height / 2],
        );
        expect(hit, `button ${index}`).toBe(true);
      }
      await page.close();
    });
  }
});
