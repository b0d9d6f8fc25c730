import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { settingsSchema } from '@reelcast/protocol';
import { LobbyPage } from './lobby-page.ts';

// A portal build's renderer stand-in: the page names what it was given, and counts its renders.
const portalDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-page-'));
fs.mkdirSync(path.join(portalDir, '.server'));
fs.writeFileSync(path.join(portalDir, '.server', 'lobby.html'), '<div id="root"></div>');
fs.writeFileSync(
  path.join(portalDir, '.server', 'lobby-render.mjs'),
  `let renders = 0;
export async function lobbyDocument(html, language, data, look) {
  renders += 1;
  return html.replace('></', \`>\${language} \${JSON.stringify(look)} \${data.machines.map((m) => m.name).join(',')} render \${renders}</\`);
}`,
);
afterAll(() => fs.rmSync(portalDir, { recursive: true, force: true }));

const defaults = settingsSchema.parse({});
const data = (names: string[]) => () => Promise.resolve({ brands: [], machines: names.map((name) => ({ name })) });

const ruby = `reelcast-look=${encodeURIComponent(JSON.stringify({ themes: { main: 'ruby-night' }, layout: { style: 'layout2' } }))}`;

describe('LobbyPage', () => {
  it("renders in the cookie's language or Settings.json's, again only when the data changed", async () => {
    const lobby = new LobbyPage(portalDir);
    expect(await lobby.render(defaults, data(['Star Crown']), {})).toBe('<div id="root">tr null Star Crown render 1</div>');
    expect(await lobby.render(defaults, data(['Star Crown']), {})).toBe('<div id="root">tr null Star Crown render 1</div>');
    expect(await lobby.render(defaults, data(['Star Crown', 'Polar Gold']), {})).toContain('Star Crown,Polar Gold render 2');
    expect(await lobby.render(defaults, data(['Star Crown']), { cookie: 'reelcast-language=ar' })).toContain('ar null Star Crown render 3');
  });

  it("renders in the look cookie's look, the defaults for one that does not parse", async () => {
    const lobby = new LobbyPage(portalDir);
    expect(await lobby.render(defaults, data(['Star Crown']), { cookie: `a=1; ${ruby}` })).toContain(
      'tr {"layout":{"style":"layout2"},"themes":{"main":"ruby-night"}} Star Crown',
    );
    for (const cookie of ['reelcast-look=%7B', 'reelcast-look=%7B%22colour%22%3A1%7D', 'reelcast-look=%7B%7D', 'reelcast-look=%E0%A4%A'])
      expect(await lobby.render(defaults, data(['Star Crown']), { cookie })).toContain('tr null Star Crown');
  });

  it('keeps the pages of the last few other looks, and always the default look’s', async () => {
    const lobby = new LobbyPage(portalDir);
    const first = await lobby.render(defaults, data(['Star Crown']), {});
    const look = (size: number) => `reelcast-look=${encodeURIComponent(JSON.stringify({ themes: { footer: `scheme-${size}` } }))}`;
    const pages = [];
    for (let size = 0; size < 20; size += 1) pages.push(await lobby.render(defaults, data(['Star Crown']), { cookie: look(size) }));
    // Kept: the same render.
    expect(await lobby.render(defaults, data(['Star Crown']), { cookie: look(19) })).toBe(pages[19]);
    expect(await lobby.render(defaults, data(['Star Crown']), {})).toBe(first);
    // Not kept: rendered again.
    expect(await lobby.render(defaults, data(['Star Crown']), { cookie: look(0) })).not.toBe(pages[0]);
  });

  it('leaves the page to the app (null) with the IP check, in lobby-display mode, and without a renderer in the build', async () => {
    const lobby = new LobbyPage(portalDir);
    expect(await lobby.render({ ...defaults, ipCheck: true }, data(['Star Crown']), {})).toBeNull();
    expect(await lobby.render({ ...defaults, lobbyDisplay: true }, data(['Star Crown']), {})).toBeNull();
    expect(await new LobbyPage(os.tmpdir()).render(defaults, data(['Star Crown']), {})).toBeNull();
  });
});
