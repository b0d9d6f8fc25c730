import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { formatCount, formatMoney } from '@reelcast/protocol';
import { freeSeats, launchChromium, pollRead, signedInPage, startTestStack, type TestStack } from './harness.ts';

/**
 * What a player sees of texts and amounts (issue 24), in Chromium at the desktop size
 * (1440 × 900): the Transactions filter's label off its value, and Arabic amounts whose sign stands
 * before the digits and whose currency is on the same side in the shell and in the game panel.
 */

let stack: TestStack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startTestStack(), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});
afterEach(async () => {
  await freeSeats(stack.agent);
});

const desktop = { width: 1440, height: 900 };

async function inLanguage(page: Page, language: 'en' | 'tr' | 'ar'): Promise<void> {
  await page.evaluate((id) => window.localStorage.setItem('language', id), language);
  await page.reload();
  await page.locator(`html[lang="${language}"]`).waitFor();
}

const inArabic = (page: Page) => inLanguage(page, 'ar');

/** axe's serious and critical WCAG 2.1 AA violations of the page as it is now. */
async function violations(page: Page, where: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${where}: ${violation.id} ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
    );
}

/**
 * Where an amount's parts are drawn, left to right on screen (px): its sign, its first digit and its
 * currency code, each read from the glyph of its character in the text as laid out.
 */
function partsOnScreen(amount: Locator): Promise<{ text: string; sign: number | null; digit: number; currency: number }> {
  return amount.evaluate((element) => {
    const at = (test: (c: string) => boolean): number | null => {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (let i = 0; i < text.length; i++) {
          if (!test(text[i]!)) continue;
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const box = range.getBoundingClientRect();
          return box.left + box.width / 2;
        }
      }
      return null;
    };
    return {
      text: element.textContent ?? '',
      sign: at((c) => c === '+' || c === '-' || c === '\u2212'),
      digit: at((c) => /\d/.test(c))!,
      currency: at((c) => c === 'T')!,
    };
  });
}

describe('texts and amounts in Chromium', () => {
  it("draws the Type filter's label above its field, off 'All types' (English and Arabic)", async () => {
    const page = await signedInPage(browser, stack.platform.url, 'demo', 'demo1234', desktop);
    for (const language of ['en', 'ar']) {
      if (language === 'ar') await inArabic(page);
      await page.goto('/transactions');
      const select = page.getByRole('combobox', { name: language === 'en' ? 'Type' : 'النوع' });
      await select.waitFor();
      const label = page.locator(`label#${await select.getAttribute('aria-labelledby')}`);
      await expect.poll(() => select.textContent(pollRead)).toBe(language === 'en' ? 'All types' : 'كل الأنواع');
      // The label sits on the field's top edge, wholly above the drawn text of the value, and nothing covers it.
      const labelBox = (await label.boundingBox())!;
      const valueText = await select.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        const box = range.getBoundingClientRect();
        return { top: box.top, bottom: box.bottom };
      });
      expect(labelBox.y + labelBox.height).toBeLessThanOrEqual(valueText.top);
      const onTop = await label.evaluate((element) => {
        const box = element.getBoundingClientRect();
        return element.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
      });
      expect(onTop).toBe(true);
    }
    await page.context().close();
  });

  it.each(['en', 'tr', 'ar'] as const)(
    'in %s the lists with their DD.MM.YYYY day fields, and one with its calendar open, are axe clean',
    async (language) => {
      const page = await signedInPage(browser, stack.platform.url, 'demo', 'demo1234', desktop);
      await inLanguage(page, language);
      await page.goto('/transactions?from=2025-03-01');
      const calendarButton = page.locator('[data-mui-picker-open-button]').first();
      await calendarButton.waitFor();
      // The browser's own date input wrote mm/dd/yyyy in an English browser: the field writes DD.MM.YYYY.
      const from = page.getByRole('group').filter({ has: calendarButton });
      expect((await from.first().textContent())?.replace(/[^\d.]/g, '')).toBe('01.03.2025');
      const found = await violations(page, `${language} /transactions`);
      await page.goto('/slot-sessions?from=2025-03-01');
      await calendarButton.waitFor();
      await calendarButton.click();
      await page.getByRole('grid').waitFor();
      found.push(...(await violations(page, `${language} /slot-sessions, calendar open`)));
      expect(found).toEqual([]);
      await page.context().close();
    },
  );

  it('in Arabic, a gain reads +52.60 TRY with the sign before the digits, and the balance has its currency on the same side in the shell and the game panel', async () => {
    const demo = await stack.platform.services.players.require('demo');
    const page = await signedInPage(browser, stack.platform.url, 'demo', 'demo1234', desktop);
    await inArabic(page);

    await page.goto('/transactions');
    const gain = page.getByTestId('transaction-amount').first();
    await gain.waitFor();
    const amount = await partsOnScreen(gain);
    expect(amount.text).toMatch(/\+/);
    // Left to right on screen: sign, digits, currency; the sign right next to the digits.
    expect(amount.sign!).toBeLessThan(amount.digit);
    expect(amount.digit).toBeLessThan(amount.currency);
    expect(amount.digit - amount.sign!).toBeLessThan(16);

    const shell = await partsOnScreen(page.getByRole('banner').getByTestId('balance-amount'));
    expect(shell.digit).toBeLessThan(shell.currency);

    await page.goto('/game/3/Star%20Crown');
    await expect.poll(() => stack.agent.hosts.get(3)!.seatedPlayerId, { timeout: 15_000 }).toBe(demo.id);
    await page.getByRole('button', { name: 'افتح لوحة المحفظة' }).first().click();
    const panel = page.getByTestId('side-balance');
    await expect.poll(() => panel.textContent(pollRead)).toBe(shell.text);
    const inPanel = await partsOnScreen(panel);
    expect(inPanel.digit).toBeLessThan(inPanel.currency);
    await page.context().close();
  });

  it('on an Arabic lobby at 320 px, a Latin machine name too long for its card shows its start, cut at its end', async () => {
    const page = await signedInPage(browser, stack.platform.url, 'demo', 'demo1234', { width: 320, height: 800 });
    await inArabic(page);
    const name = page.locator('main article h3', { hasText: 'Northern Lights' });
    await name.waitFor();
    const drawn = await name.evaluate((heading) => {
      const range = document.createRange();
      range.selectNodeContents(heading);
      const box = heading.getBoundingClientRect();
      const text = range.getBoundingClientRect();
      return { overflows: heading.scrollWidth > heading.clientWidth, boxLeft: box.left, textLeft: text.left };
    });
    expect(drawn.overflows).toBe(true);
    // The name's first letter at the card's left edge; what does not fit runs past the right one, under the ellipsis.
    expect(Math.abs(drawn.textLeft - drawn.boxLeft)).toBeLessThan(1);
    await page.context().close();
  });

  it("writes amounts and counts in the portal's locales as Chromium's Intl does (the portal writes them without it)", async () => {
    const locales = ['en-US', 'tr-TR', 'ar'];
    const currencies = ['TRY', 'USD', 'EUR', 'GBP'];
    const amounts = [0, -0, 5, -5, 99, 5260, -5260, 99_999, 100_000, 123_456, -123_456, 2_147_483_647, -987_654_321_012];
    const page = await browser.newPage();
    const fromChromium = await page.evaluate(
      ({ locales, currencies, amounts }) =>
        locales.flatMap((locale) => [
          ...currencies.flatMap((currency) =>
            [false, true].flatMap((signed) => {
              const intl = new Intl.NumberFormat(locale, { style: 'currency', currency, signDisplay: signed ? 'exceptZero' : 'auto' });
              return amounts.map((minor) => intl.format(minor / 100));
            }),
          ),
          ...amounts.map((n) => new Intl.NumberFormat(locale, { useGrouping: 'min2', maximumFractionDigits: 0 }).format(n)),
        ]),
      { locales, currencies, amounts },
    );
    await page.close();
    const written = locales.flatMap((locale) => [
      ...currencies.flatMap((currency) =>
        [false, true].flatMap((signed) => amounts.map((minor) => formatMoney(minor, locale, currency, { signed }))),
      ),
      ...amounts.map((n) => formatCount(n, locale)),
    ]);
    expect(written).toEqual(fromChromium);
  });
});
