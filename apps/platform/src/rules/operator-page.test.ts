import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OperatorPage } from './operator-page.ts';

const english = '# Rules\n\nBe kind.\n';
const translations = { tr: '# Kurallar\n\nNazik olun.\n', ar: '# القواعد\n\nكن لطيفًا.\n' };

describe('OperatorPage', () => {
  let dir: string;
  let page: OperatorPage;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'operator-page-'));
    page = new OperatorPage(dir, 'rules', english, translations);
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes the English default and its translations on first use, and serves each language its own', async () => {
    expect(await page.read('tr')).toMatchObject({ content: translations.tr, language: 'tr' });
    expect(fs.readFileSync(path.join(dir, 'rules.md'), 'utf8')).toBe(english);
    expect(fs.readFileSync(path.join(dir, 'rules.ar.md'), 'utf8')).toBe(translations.ar);
    expect(await page.read('ar')).toMatchObject({ content: translations.ar, language: 'ar' });
    expect(await page.read('en')).toMatchObject({ content: english, language: null });
  });

  it('in a data folder from before the translations, serves the shipped translation while the English is untouched', async () => {
    fs.writeFileSync(path.join(dir, 'rules.md'), english);
    expect(await page.read('tr')).toMatchObject({ content: translations.tr, language: 'tr' });
    expect(fs.existsSync(path.join(dir, 'rules.tr.md'))).toBe(false);
  });

  it("falls back to the operator's English once they edited it, and their own translation wins over ours", async () => {
    fs.writeFileSync(path.join(dir, 'rules.md'), '# House rules\n');
    expect(await page.read('tr')).toMatchObject({ content: '# House rules\n', language: null });
    fs.writeFileSync(path.join(dir, 'rules.tr.md'), '# Ev kuralları\n');
    expect(await page.read('tr')).toMatchObject({ content: '# Ev kuralları\n', language: 'tr' });
  });
});
