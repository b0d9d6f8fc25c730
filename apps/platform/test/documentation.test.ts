import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentationList, documentationPage, ErrorCode } from '@reelcast/protocol';
import { players } from '../src/db/schema.ts';
import { DocumentationLibrary, playerPages } from '../src/documentation/index.ts';
import { startTestPlatform, type TestPlatform } from '@reelcast/testing';

/** GET /api/documentation(/:slug): the repository's docs/*.md for signed-in accounts, by role (docs/documentation.md). */

const repoDocs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs');
const repoSlugs = fs
  .readdirSync(repoDocs)
  .filter((name) => /^[a-z0-9-]+\.md$/.test(name))
  .map((name) => name.slice(0, -3))
  .sort();

describe("the repository's docs/", () => {
  let platform: TestPlatform;
  const tokens: Record<'player' | 'staff' | 'admin', string> = { player: '', staff: '', admin: '' };
  beforeAll(async () => {
    platform = await startTestPlatform();
    tokens.player = await platform.login('demo', 'demo1234');
    tokens.staff = await platform.login('staff', 'staff1234');
    tokens.admin = await platform.login('admin', 'admin1234');
  });
  afterAll(() => platform?.stop());

  it('answers only a signed-in account: 401 / 10 without a live token', async () => {
    for (const url of ['/api/documentation', '/api/documentation/business-rules', '/api/documentation/no-such-page']) {
      for (const token of [undefined, 'not-a-token']) {
        const { status, body } = await platform.call('GET', url, { token });
        expect([url, status, body.code]).toEqual([url, 401, ErrorCode.SignatureNotVerified]);
      }
    }
  });

  it("lists the player pages to a player, every page to staff and admin, titled by each page's first heading", async () => {
    const asPlayer = documentationList.parse((await platform.call('GET', '/api/documentation', { token: tokens.player })).body);
    const present = playerPages.filter((slug) => repoSlugs.includes(slug));
    expect(present.length).toBeGreaterThan(0);
    expect(asPlayer.pages.map((page) => page.slug).sort()).toEqual([...present].sort());
    expect(asPlayer.pages.every((page) => page.audience === 'player')).toBe(true);
    expect(asPlayer.pages.find((page) => page.slug === 'business-rules')?.title).toBe('Business rules: discount, bonus and weekly bonus');

    for (const token of [tokens.staff, tokens.admin]) {
      const { status, body, headers } = await platform.call('GET', '/api/documentation', { token });
      expect(status).toBe(200);
      expect(headers.get('cache-control')).toBe('no-cache');
      const { pages } = documentationList.parse(body);
      expect(pages.map((page) => page.slug).sort()).toEqual(repoSlugs);
      expect(pages.find((page) => page.slug === 'deployment')).toEqual({ slug: 'deployment', title: 'Deployment', audience: 'operator' });
      // Player pages first, then the operator's, each group by title.
      const audiences = pages.map((page) => page.audience);
      expect(audiences).toEqual([...audiences].sort((a, b) => (a === b ? 0 : a === 'player' ? -1 : 1)));
      const operatorTitles = pages.filter((page) => page.audience === 'operator').map((page) => page.title);
      expect(operatorTitles).toEqual([...operatorTitles].sort((a, b) => a.localeCompare(b, 'en')));
    }
  });

  it('serves a page’s Markdown as the file holds it', async () => {
    const { status, body } = await platform.call('GET', '/api/documentation/business-rules', { token: tokens.player });
    expect(status).toBe(200);
    const page = documentationPage.parse(body);
    expect(page).toMatchObject({ slug: 'business-rules', audience: 'player', title: 'Business rules: discount, bonus and weekly bonus' });
    expect(page.content).toBe(fs.readFileSync(path.join(repoDocs, 'business-rules.md'), 'utf8'));
    expect(Date.parse(page.updatedAt)).toBe(fs.statSync(path.join(repoDocs, 'business-rules.md')).mtime.getTime());
  });

  it('refuses an operator page to a player with 403 / 40300, and serves it to staff and admin', async () => {
    const refused = await platform.call('GET', '/api/documentation/deployment', { token: tokens.player });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(ErrorCode.RoleRequired);
    expect(refused.body.ErrorMessage).toMatch(/staff or admin/);
    expect(JSON.stringify(refused.body)).not.toContain('npm ci');
    for (const token of [tokens.staff, tokens.admin]) {
      const { status, body } = await platform.call('GET', '/api/documentation/deployment', { token });
      expect(status).toBe(200);
      expect(body.content).toBe(fs.readFileSync(path.join(repoDocs, 'deployment.md'), 'utf8'));
    }
  });

  it('checks the role the database holds now, not the one the token was signed with', async () => {
    const token = await platform.login('staff', 'staff1234');
    const db = platform.services.database.db;
    await db.update(players).set({ role: 'user' }).where(eq(players.username, 'staff'));
    try {
      expect((await platform.call('GET', '/api/documentation/deployment', { token })).status).toBe(403);
      const { body } = await platform.call('GET', '/api/documentation', { token });
      expect(body.pages.every((page: { audience: string }) => page.audience === 'player')).toBe(true);
    } finally {
      await db.update(players).set({ role: 'staff' }).where(eq(players.username, 'staff'));
    }
    expect((await platform.call('GET', '/api/documentation/deployment', { token })).status).toBe(200);
  });

  it.each([
    ['an unknown page', 'no-such-page'],
    ['upper case', 'Deployment'],
    ['the extension', 'deployment.md'],
    ['a dot', 'deployment.'],
    ['a parent folder', '..'],
    ['an encoded path out of the folder', '..%2Fpackage'],
    ['an encoded path out of the folder, to the README', '..%2FREADME'],
    ['an encoded absolute path', '%2Fetc%2Fpasswd'],
    ['a double-encoded path', '..%252FREADME'],
    ['a backslash', '..%5CREADME'],
    ['an absolute path to the README', encodeURIComponent(path.resolve(repoDocs, '../README'))],
    ['a NUL byte', 'deployment%00'],
    ['a space', 'deploy%20ment'],
    ['a name too long', 'a'.repeat(65)],
  ])('answers 404 / 40400 for %s, as for any name that is not a page', async (_what, slug) => {
    for (const token of [tokens.player, tokens.admin]) {
      const { status, body } = await platform.call('GET', `/api/documentation/${slug}`, { token });
      expect([slug, status, body.code]).toEqual([slug, 404, ErrorCode.NotFound]);
      expect(JSON.stringify(body)).not.toMatch(/root:|"name": "reelcast"|# Reelcast/);
    }
  });

  it('describes both calls in the OpenAPI document, with the bearer token', async () => {
    const { body } = await platform.call('GET', '/docs/json');
    const list = body.paths['/api/documentation'].get;
    const page = body.paths['/api/documentation/{slug}'].get;
    for (const operation of [list, page]) {
      expect(operation.security).toEqual([{ bearer: [] }]);
      expect(operation.tags).toEqual(['documentation']);
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '4XX']));
    }
    expect(Object.keys(page.responses['200'].content['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['slug', 'title', 'audience', 'content', 'updatedAt']),
    );
  });
});

describe('DOCS_DIR: another folder of pages', () => {
  let platform: TestPlatform;
  let dir: string;
  let admin: string;
  let player: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reelcast-docs-'));
    fs.writeFileSync(path.join(dir, 'house-manual.md'), 'Intro line.\n\n# The *house* manual\n\n## Opening\n');
    fs.writeFileSync(path.join(dir, 'business-rules.md'), '# Our promotions\n\n```md\n# not a title\n```\n');
    fs.writeFileSync(path.join(dir, 'untitled.md'), 'No heading at all.\n');
    fs.writeFileSync(path.join(dir, 'Upper.md'), '# Not a slug\n');
    fs.writeFileSync(path.join(dir, 'notes.txt'), '# Not Markdown\n');
    fs.mkdirSync(path.join(dir, 'folder.md'));
    fs.writeFileSync(path.join(path.dirname(dir), `${path.basename(dir)}-secret.md`), '# Outside\n');
    platform = await startTestPlatform({ docsDir: dir });
    admin = await platform.login('admin', 'admin1234');
    player = await platform.login('demo', 'demo1234');
  });
  afterAll(async () => {
    await platform?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(path.join(path.dirname(dir), `${path.basename(dir)}-secret.md`), { force: true });
  });

  it("serves that folder's slug-named .md files, nothing else", async () => {
    const { body } = await platform.call('GET', '/api/documentation', { token: admin });
    expect(documentationList.parse(body).pages).toEqual([
      { slug: 'business-rules', title: 'Our promotions', audience: 'player' },
      { slug: 'house-manual', title: 'The house manual', audience: 'operator' },
      { slug: 'untitled', title: 'untitled', audience: 'operator' },
    ]);
    expect((await platform.call('GET', '/api/documentation', { token: player })).body.pages).toEqual([
      { slug: 'business-rules', title: 'Our promotions', audience: 'player' },
    ]);
    for (const slug of ['folder', 'notes', 'Upper', 'upper', `..%2F${path.basename(dir)}-secret`]) {
      expect([slug, (await platform.call('GET', `/api/documentation/${slug}`, { token: admin })).status]).toEqual([slug, 404]);
    }
  });

  it('shows an edit at once, its new title too', async () => {
    const file = path.join(dir, 'house-manual.md');
    fs.writeFileSync(file, '# Opening hours\n\nEvery day.\n');
    const future = new Date(Date.now() + 60_000);
    fs.utimesSync(file, future, future);
    const { body } = await platform.call('GET', '/api/documentation/house-manual', { token: admin });
    expect(body).toMatchObject({ title: 'Opening hours', content: '# Opening hours\n\nEvery day.\n' });
    const list = await platform.call('GET', '/api/documentation', { token: admin });
    expect(list.body.pages.find((page: { slug: string }) => page.slug === 'house-manual').title).toBe('Opening hours');
  });

  it('has no pages when the folder is gone', async () => {
    const gone = new DocumentationLibrary(path.join(dir, 'missing'));
    expect(await gone.list('admin')).toEqual([]);
    await expect(gone.read('deployment', 'admin')).rejects.toMatchObject({ code: ErrorCode.NotFound });
  });
});
