import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classicPaytable, computeRtp } from '@reelcast/engine';
import { startTestPlatform, type TestPlatform } from '@reelcast/testing';

/** The footer's info pages (SPEC §2): complete HTML pages from the operator's Markdown in {DATA_DIR}/info. */

let platform: TestPlatform;
let infoDir: string;
beforeAll(async () => {
  platform = await startTestPlatform();
  infoDir = path.join(platform.config.dataDir, 'info');
});
afterAll(() => platform?.stop());

const pages = [
  ['/password-reset.html', 'password-reset', 'Password Reset Procedure', 'Şifre Sıfırlama Prosedürü', 'إجراءات إعادة تعيين كلمة المرور'],
  ['/game-rules-and-content.html', 'game-rules-and-content', 'Game Rules and Content', 'Oyun Kuralları ve İçerik', 'قواعد اللعبة والمحتوى'],
  [
    '/player-protection-information.html',
    'player-protection-information',
    'Player Protection Information',
    'Oyuncu Koruma Bilgileri',
    'معلومات حماية اللاعب',
  ],
  ['/terms-of-use.html', 'terms-of-use', 'Terms of Use', 'Kullanım Koşulları', 'شروط الاستخدام'],
  ['/privacy-policy.html', 'privacy-policy', 'Privacy Policy', 'Gizlilik Politikası', 'سياسة الخصوصية'],
  ['/paytables.html', 'paytables', 'Paytables', 'Ödeme Tabloları', 'جداول الدفع'],
] as const;

async function page(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(platform.url + url, { headers: { accept: 'text/html', ...headers } });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

describe.each(pages)('%s', (url, name, english, turkish, arabic) => {
  it('answers a complete English page by default, and writes the defaults for the operator to edit', async () => {
    const { status, headers, html } = await page(url);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(html).toMatch(/^<!doctype html>\n<html lang="en" dir="ltr">/);
    expect(html).toContain(`<title>${english}</title>`);
    expect(html).toContain(`<h1>${english}</h1>`);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(fs.readFileSync(path.join(infoDir, `${name}.md`), 'utf8')).toMatch(new RegExp(`^# ${english}\n`));
    expect(fs.readFileSync(path.join(infoDir, `${name}.tr.md`), 'utf8')).toMatch(new RegExp(`^# ${turkish}\n`));
    expect(fs.readFileSync(path.join(infoDir, `${name}.ar.md`), 'utf8')).toMatch(new RegExp(`^# ${arabic}\n`));
  });

  it('answers Turkish with ?lang=tr and right-to-left Arabic with ?lang=ar', async () => {
    const tr = await page(`${url}?lang=tr`);
    expect(tr.html).toMatch(/<html lang="tr" dir="ltr">/);
    expect(tr.html).toContain(`<title>${turkish}</title>`);
    const ar = await page(`${url}?lang=ar`);
    expect(ar.html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(ar.html).toContain(`<title>${arabic}</title>`);
  });

  it("serves the operator's edit at once, and falls back to English for a language without its file", async () => {
    const file = path.join(infoDir, `${name}.md`);
    const turkishFile = path.join(infoDir, `${name}.tr.md`);
    const [before, turkishBefore] = [fs.readFileSync(file, 'utf8'), fs.readFileSync(turkishFile, 'utf8')];
    fs.writeFileSync(file, `# Our own ${name}\n\nWritten by the **operator**.\n`);
    fs.rmSync(turkishFile);
    try {
      const { html } = await page(`${url}?lang=tr`);
      expect(html).toMatch(/<html lang="en" dir="ltr">/);
      expect(html).toContain(`<title>Our own ${name}</title>`);
      expect(html).toContain('<p>Written by the <strong>operator</strong>.</p>');
      expect(html).not.toContain(english === 'Paytables' ? 'What each game on our machines pays' : `<h1>${english}</h1>`);
    } finally {
      fs.writeFileSync(file, before);
      fs.writeFileSync(turkishFile, turkishBefore);
    }
  });
});

it("shows markup in the operator's file as text, and drops links that are not web, mail, phone or site paths", async () => {
  fs.writeFileSync(
    path.join(infoDir, 'terms-of-use.md'),
    '# Terms\n\n<script>alert(1)</script>\n\nSee <img src=x onerror=alert(1)> [this](javascript:alert(1)), [that](java&#115;cript:alert(1)), [the rules](/rules) and [mail](mailto:help@example.com).\n',
  );
  const { html } = await page('/terms-of-use.html');
  expect(html).toContain('<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  expect(html).not.toMatch(/<script|<img|javascript:|href="java/i);
  expect(html).toContain('<a href="/rules">the rules</a>');
  expect(html).toContain('<a href="mailto:help@example.com">mail</a>');
});

it('ignores a language it does not have (and never reads a path from it)', async () => {
  for (const lang of ['de', '../rules', '..%2F..%2Fetc%2Fpasswd']) {
    const { status, html } = await page(`/privacy-policy.html?lang=${lang}`);
    expect(status).toBe(200);
    expect(html).toMatch(/<html lang="en" dir="ltr">/);
  }
});

it('is light or dark as the portal asks (?theme=), else as the browser prefers', async () => {
  expect((await page('/terms-of-use.html?theme=dark')).html).toMatch(
    /<html lang="en" dir="ltr" data-theme="dark">[\s\S]*<meta name="color-scheme" content="dark">/,
  );
  expect((await page('/terms-of-use.html?lang=ar&theme=light')).html).toMatch(
    /<html lang="ar" dir="rtl" data-theme="light">[\s\S]*<meta name="color-scheme" content="light">/,
  );
  for (const query of ['', '?theme=%22%3E%3Cscript%3E']) {
    const { html } = await page(`/terms-of-use.html${query}`);
    expect(html).toMatch(/<html lang="en" dir="ltr">[\s\S]*<meta name="color-scheme" content="light dark">/);
  }
});

describe('headers', () => {
  it('may be framed by the portal (same origin) only, with the same policy as every other answer', async () => {
    const info = await page('/paytables.html');
    const settings = await fetch(`${platform.url}/Settings.json`);
    const csp = info.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(info.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(info.headers.get('x-content-type-options')).toBe('nosniff');
    // Nothing is loosened for these pages: the policy is the one every answer carries ...
    expect(csp).toBe(settings.headers.get('content-security-policy'));
    // ... and the portal's pages may frame them (frame-src 'self').
    expect(settings.headers.get('content-security-policy')).toMatch(/frame-src 'self'(;|$)/);
  });

  it('are revalidated (no-cache, ETag, 304) and compressed as the browser accepts', async () => {
    const first = await page('/game-rules-and-content.html', { 'accept-encoding': 'br' });
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('content-encoding')).toBe('br');
    expect(first.headers.get('vary')).toMatch(/accept-encoding/i);
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${platform.url}/game-rules-and-content.html`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    const gzip = await page('/game-rules-and-content.html', { 'accept-encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.html).toBe(first.html);
  });
});

describe('the paytables page', () => {
  it("shows the engine's pays for every symbol, its scatter pays and its exact RTP", async () => {
    const { html } = await page('/paytables.html');
    for (const [symbol, pays] of Object.entries(classicPaytable.linePays)) {
      const row = new RegExp(`<tr data-symbol="${symbol}"><th scope="row">[^<]+</th>((?:<td class="number">[^<]+</td>){3})</tr>`).exec(
        html,
      );
      expect(row, symbol).not.toBeNull();
      const cells = [...row![1]!.matchAll(/<td class="number">([^<]+)<\/td>/g)].map((m) => Number(m[1]!.replace(/,/g, '')));
      expect(cells, symbol).toEqual([pays[3], pays[4], pays[5]]);
    }
    const scatter = /<tr data-symbol="SCATTER">(.*?)<\/tr>/.exec(html)![1]!;
    expect([...scatter.matchAll(/>(\d+)</g)].map((m) => Number(m[1]))).toEqual([5, 25, 100]);
    const rtp = computeRtp(classicPaytable);
    expect(html).toContain(`data-rtp="${rtp}"`);
    expect(html).toContain(`Theoretical return to player of the reels: ${(rtp * 100).toFixed(2)}%`);
    expect(html).toContain(`${classicPaytable.lines.length} fixed paylines`);
  });

  it('lists the machines of the lobby under their game', async () => {
    const machines = (await platform.call('GET', '/machine/all', { token: await platform.login() })).body as { name: string }[];
    expect(machines.length).toBeGreaterThan(0);
    const { html } = await page('/paytables.html');
    expect(html).toContain('<h2 id="reelcast-classic-10">Reelcast Classic</h2>');
    for (const machine of machines) expect(html).toContain(machine.name);
  });

  it('is generated in Turkish and Arabic too', async () => {
    expect((await page('/paytables.html?lang=tr')).html).toContain('Çizgi ödemeleri (× çizgi bahsi)');
    const ar = (await page('/paytables.html?lang=ar')).html;
    expect(ar).toContain('مدفوعات الخطوط (× رهان الخط)');
    expect(ar).toMatch(/<tr data-symbol="WILD"><th scope="row">WILD<\/th><td class="number">100<\/td>/);
  });
});
