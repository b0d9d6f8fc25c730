import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe.ts';
import { coveredControls } from './covering.ts';
import { platformAndBrowser, signedInPage } from './harness.ts';

const running = platformAndBrowser();
const tablet = { width: 1024, height: 768 };

describe('the console reports in Chromium', () => {
  it('staff reads the report per day and machine at 1024 × 768, axe clean, in English and in Arabic, and saves its CSV', async () => {
    const { platform, browser } = running;
    // One session played on machine 1: the report has a row.
    const machineApi = { token: platform.services.machineApiToken };
    const seat = await platform.call('POST', '/machine-api/machines/1/seat', { ...machineApi, body: { token: await platform.login() } });
    expect(seat.status).toBe(200);
    const closed = await platform.call('POST', `/machine-api/sessions/${seat.body.sessionId}/close`, {
      ...machineApi,
      body: { reason: 'left', spins: 12, totalBet: 2_400, totalWon: 900 },
    });
    expect(closed.status).toBe(200);
    const staff = await signedInPage(browser, platform.url, 'staff', 'staff1234', tablet);
    const today = new Date().toISOString().slice(0, 10);
    await staff.goto(`/console/reports?from=2026-01-01&to=${today}&groupBy=day-machine`);
    await staff.getByTestId('ledger-check').waitFor();
    expect(await staff.getByTestId('ledger-check').textContent()).toMatch(/^The ledger reconciles/);
    await staff.getByTestId('report-row').waitFor();
    expect(await staff.getByTestId('report-row').textContent()).toContain('Northern Lights');
    expect(await seriousViolations(staff, 'the reports at 1024 × 768')).toEqual([]);
    expect(await coveredControls(staff, 'main', { scroll: true })).toEqual([]);

    const [download] = await Promise.all([staff.waitForEvent('download'), staff.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`reelcast-report-day-machine-2026-01-01-${today}.csv`);

    await staff.evaluate(() => {
      window.localStorage.setItem('language', 'ar');
      window.localStorage.setItem('i18nextLng', 'ar');
    });
    await staff.reload();
    await staff.getByRole('heading', { name: 'التقارير' }).waitFor();
    expect(await staff.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await staff.getByTestId('ledger-check').waitFor();
    expect(await seriousViolations(staff, 'the reports in Arabic')).toEqual([]);
    expect(await coveredControls(staff, 'main', { scroll: true })).toEqual([]);
    await staff.context().close();
  });
});
