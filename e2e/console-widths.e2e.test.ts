import { describe, expect, it } from 'vitest';
import { coveredControls, resizeWindow } from './covering.ts';
import { platformAndBrowser, signedInPage } from './harness.ts';

const running = platformAndBrowser();

/** A small phone, a large one and a desktop window (the tablet's 1024 × 768 is each console journey's own). */
const widths = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

describe('the console at every width', () => {
  it('no control of a console page sits under another or outside the window at 320, 390 and 1280 px, left to right and right to left', async () => {
    const { platform, browser } = running;
    const demo = await platform.services.players.require('demo');
    const today = new Date().toISOString().slice(0, 10);
    /** Each page of the console (an admin sees them all) and what shows it has its data. */
    const pages = [
      { path: '/console/floor', ready: '[data-testid="floor-row-1"]' },
      { path: '/console/players?q=demo', ready: `[data-testid="player-row-${demo.id}"]` },
      { path: `/console/players?id=${demo.id}`, ready: '[data-testid="ban-state"]' },
      { path: '/console/money', ready: '#money-heading' },
      { path: `/console/reports?from=2026-01-01&to=${today}&groupBy=day-machine`, ready: '[data-testid="ledger-check"]' },
      { path: '/console/audit', ready: 'main table tbody tr' },
    ];
    const admin = await signedInPage(browser, platform.url, 'admin', 'admin1234', widths[0]);
    const found: string[] = [];
    for (const language of ['en', 'ar']) {
      await admin.evaluate((lang) => {
        window.localStorage.setItem('language', lang);
        window.localStorage.setItem('i18nextLng', lang);
      }, language);
      for (const { path, ready } of pages) {
        await admin.goto(path);
        await admin.locator(ready).first().waitFor();
        expect(await admin.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
        for (const size of widths) {
          await resizeWindow(admin, size);
          for (const problem of await coveredControls(admin, 'main', { scroll: true }))
            found.push(`${path} ${language} ${size.width} px: ${problem}`);
        }
      }
    }
    expect(found).toEqual([]);
    await admin.context().close();
  });
});
