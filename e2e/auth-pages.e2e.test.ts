import { describe, expect, it } from 'vitest';
import { AxeBuilder } from '@axe-core/playwright';
import { outboxMails } from '@reelcast/testing';
import { consoleErrors, englishPage, platformAndBrowser, signIn, signedInPage, type TestPlatform } from './harness.ts';

/**
 * The auth pages (/pages/auth/*) and the role examples (/auth/*-role-example) through the built portal
 * in Chromium, on a real platform with registration open and no SMTP server: the mails land in
 * {dataDir}/outbox, and the tests follow their links as a player would.
 */

const running = platformAndBrowser({ registrationOpen: true });

/** The one mail to `to` that the platform has written to the outbox since `before`, once its background work is done. */
async function mailTo(platform: TestPlatform, to: string, before: Set<string>) {
  await platform.services.selfService.settled();
  const mails = outboxMails(platform).filter((mail) => !before.has(mail.file) && mail.to.includes(to));
  expect(mails).toHaveLength(1);
  const link = mails[0]!.link;
  if (!link) throw new Error(`the mail to ${to} has no portal link`);
  // The link names the platform's public address; its page and token are what a player's browser opens.
  const url = new URL(link.url);
  return { ...link, path: `${url.pathname}${url.search}` };
}

const outboxFiles = (platform: TestPlatform) => new Set(outboxMails(platform).map((mail) => mail.file));

describe('registration by mail', () => {
  it('register → the mail lands in the outbox → its link opens the account → it signs in', async () => {
    const { platform, browser } = running;
    const { page } = await englishPage(browser, platform.url);
    const before = outboxFiles(platform);
    await page.goto('/pages/auth/register-2');
    const form = page.getByRole('form', { name: 'Create your account' });
    await form.getByLabel('Username', { exact: false }).fill('e2e-ayse');
    await form.getByLabel(/^E-mail address/).fill('e2e-ayse@x.test');
    await form.getByLabel(/^Password/).fill('Mavi-Balon-42');
    await form.getByLabel(/^Confirm password/).fill('Mavi-Balon-42');
    await form.getByLabel(/^First name/).fill('Ayşe');
    await expect.poll(() => page.getByText('Password strength: strong').count()).toBe(1);
    await form.getByRole('button', { name: 'Register' }).click();
    await page.waitForURL(/\/pages\/auth\/mail-confirm\?sent=register$/);
    await page.getByRole('heading', { name: 'Check your mail' }).waitFor();

    const link = await mailTo(platform, 'e2e-ayse@x.test', before);
    expect(link.page).toBe('mail-confirm');
    expect(link.token).toBeTruthy();
    // Not yet: the account opens when the link is followed.
    expect(await platform.services.players.findByLogin('e2e-ayse')).toBeFalsy();

    await page.goto(link.path);
    await page.getByRole('heading', { name: 'Your account e2e-ayse is open.' }).waitFor();
    expect((await platform.services.players.findByLogin('e2e-ayse'))?.name).toBe('Ayşe');

    // The link works once.
    await page.reload();
    await page.getByRole('heading', { name: 'The account could not be opened' }).waitFor();

    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/login$/);
    await signIn(page, 'e2e-ayse', 'Mavi-Balon-42');
    await page.waitForURL(/\/lobby$/);
    await page.close();
  });
});

describe('password reset by mail', () => {
  it('forgot → the mail → reset: the old session is logged out, the old password no longer signs in, the new one does', async () => {
    const { platform, browser } = running;
    await platform.services.players.create({ username: 'e2e-reset', email: 'e2e-reset@x.test', password: 'old-pass-1234' });
    const oldSession = await signedInPage(browser, platform.url, 'e2e-reset', 'old-pass-1234');

    const { page } = await englishPage(browser, platform.url);
    const before = outboxFiles(platform);
    await page.goto('/pages/auth/forgot-password-2');
    await page.getByLabel(/^Username or e-mail address/).fill('e2e-reset@x.test');
    await page.getByRole('button', { name: 'Send me a link' }).click();
    await page.waitForURL(/\/pages\/auth\/mail-confirm\?sent=reset$/);
    const sameWords = await page.getByText(/If an account exists for what you entered/).textContent();

    // Nobody's account: the same page, the same words, and no mail.
    const { page: nobody } = await englishPage(browser, platform.url);
    await nobody.goto('/pages/auth/forgot-password');
    await nobody.getByLabel(/^Username or e-mail address/).fill('nobody-here@x.test');
    await nobody.getByRole('button', { name: 'Send me a link' }).click();
    await nobody.waitForURL(/\/pages\/auth\/mail-confirm\?sent=reset$/);
    expect(await nobody.getByText(/If an account exists for what you entered/).textContent()).toBe(sameWords);
    await nobody.close();

    const link = await mailTo(platform, 'e2e-reset@x.test', before);
    expect(outboxMails(platform).filter((mail) => mail.to.includes('nobody-here'))).toEqual([]);
    expect(link.page).toBe('reset-password');
    await page.goto(link.path);
    const form = page.getByRole('form', { name: 'Set a new password' });
    await form.getByLabel(/^New password/).fill('Yeni-Parola-2025');
    await form.getByLabel(/^Confirm the new password/).fill('Yeni-Parola-2025');
    await form.getByRole('button', { name: 'Set the password' }).click();
    await page.getByText('Your password is set').waitFor();

    // The session signed in before the reset is over: its next check of the token logs it out.
    await oldSession.reload();
    await oldSession.waitForURL(/\/login(\?|$)/);
    expect(await oldSession.evaluate(() => window.localStorage.getItem('jwt_access_token'))).toBeNull();
    await oldSession.close();

    // The link is spent.
    await page.goto(link.path);
    await page.getByText('This link no longer works').waitFor();

    await page.goto('/login');
    await signIn(page, 'e2e-reset', 'old-pass-1234');
    await page
      .getByText(/Wrong username or password/)
      .first()
      .waitFor();
    await page.getByLabel(/^password/i).fill('Yeni-Parola-2025');
    await page.getByRole('button', { name: /^login$/i }).click();
    await page.waitForURL(/\/lobby$/);
    await page.close();
  });
});

describe('sign-in pages and the lock screen', () => {
  it('login-2 signs in with the real form and goes where /login would', async () => {
    const { platform, browser } = running;
    const { page } = await englishPage(browser, platform.url);
    await page.goto('/pages/auth/login-2?redirect=%2Frules');
    await signIn(page, 'demo', 'demo1234');
    await page.waitForURL(/\/rules$/);
    await page.close();
  });

  it('the lock screen unlocks with the PIN back to the page the player came from', async () => {
    const { platform, browser } = running;
    const page = await signedInPage(browser, platform.url, 'demo2', 'demo1234');
    await page.goto('/pages/auth/lock?redirect=%2Fslot-sessions');
    await page.getByRole('heading', { name: 'Screen locked' }).waitFor();
    await page.getByLabel(/^PIN/).fill('0000');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByText(/Wrong PIN\. 4 attempts left/).waitFor();
    await page.getByLabel(/^PIN/).fill('1234');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.waitForURL(/\/slot-sessions$/);
    await page.close();
  });
});

describe('role examples, checked by the server', () => {
  for (const [username, password] of [
    ['admin', 'admin1234'],
    ['staff', 'staff1234'],
  ] as const) {
    it(`${username}: the pages its role opens say who it is, confirmed by the server; the others send it to /`, async () => {
      const { platform, browser } = running;
      const page = await signedInPage(browser, platform.url, username, password);
      const errors = consoleErrors(page);

      await page.goto('/auth/staff-role-example');
      await page.getByRole('heading', { name: 'Staff role example', level: 1 }).waitFor();
      await page.getByText(`The server confirms your role: ${username}.`).waitFor();

      await page.goto('/auth/admin-role-example');
      if (username === 'admin') {
        await page.getByRole('heading', { name: 'Admin role example', level: 1 }).waitFor();
        await page.getByText('The server confirms your role: admin.').waitFor();
      } else {
        await page.waitForURL(/\/lobby$/);
      }
      await page.goto('/auth/guest-role-example');
      await page.waitForURL(/\/lobby$/);
      expect(errors).toEqual([]);

      await page.goto('/auth/staff-role-example');
      await page.getByRole('main').getByRole('link', { name: 'Logout' }).click();
      await page.waitForURL(/\/login$/);
      await page.close();
    });
  }

  it('a player is sent to / from both, and the server refuses the role too', async () => {
    const { platform, browser } = running;
    const page = await signedInPage(browser, platform.url, 'demo', 'demo1234');
    for (const path of ['/auth/admin-role-example', '/auth/staff-role-example']) {
      await page.goto(path);
      await page.waitForURL(/\/lobby$/);
    }
    const status = await page.evaluate(async () => {
      const response = await fetch('/api/auth/role-example/staff', {
        headers: { Authorization: `Bearer ${window.localStorage.getItem('jwt_access_token')}` },
      });
      return `${response.status} ${((await response.json()) as { code: number }).code}`;
    });
    expect(status).toBe('403 40300');
    await page.close();
  });

  it('a guest sees the guest page', async () => {
    const { platform, browser } = running;
    const { page } = await englishPage(browser, platform.url);
    await page.goto('/auth/guest-role-example');
    await page.getByRole('heading', { name: 'Guest role example', level: 1 }).waitFor();
    await page.close();
  });
});

describe('the pages on a phone, in English and in Arabic', () => {
  const guestPages = [
    'login-3',
    'register',
    'register-2',
    'register-3',
    'forgot-password',
    'forgot-password-2',
    'reset-password-2',
    'mail-confirm',
  ];
  for (const language of ['en', 'ar'] as const) {
    it(`${language}: no console error, nothing wider than the screen, no serious accessibility violation`, async () => {
      const { platform, browser } = running;
      const { page } = await englishPage(browser, platform.url, { width: 360, height: 740 });
      await page.addInitScript((id) => window.localStorage.setItem('language', id), language);
      const errors = consoleErrors(page);
      const problems: string[] = [];
      for (const name of guestPages) {
        await page.goto(`/pages/auth/${name}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        // The registration pages ask the server first: wait for its answer to be on screen.
        if (name.startsWith('register')) await page.getByRole('button', { name: language === 'en' ? 'Register' : 'التسجيل' }).waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === 'ar' ? 'rtl' : 'ltr');
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        if (overflow > 0) problems.push(`${name}: ${overflow}px wider than the screen`);
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        for (const violation of results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
          problems.push(
            `${name}: ${violation.id} ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`,
          );
        }
      }
      expect(problems).toEqual([]);
      expect(errors).toEqual([]);
      await page.close();
    });
  }
});
