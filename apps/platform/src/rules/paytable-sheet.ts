import { computeRtp, DOCUMENTED_HIT_FREQUENCY, MachineGame, rtpParts, type KindPays, type SymbolId } from '@reelcast/engine';
import { escapeHtml, type PageLanguage } from './html-page.ts';
import { sheetTexts } from './paytable-sheet-texts.ts';

/** A machine of the lobby, as the sheet lists it under its game. */
export interface SheetMachine {
  name: string;
  brand: string;
}

/**
 * The game every machine agent runs, built as the agent builds it (`new MachineGame({ machineId, seed })`,
 * apps/machine/src/agent/agent.ts): its paytable, bet levels, hand-pay threshold and jackpot.
 */
const game = new MachineGame({ machineId: 'paytables', seed: 0 });

interface GameFigures {
  rtp: number;
  lineShare: number;
  scatterShare: number;
}
let figures: GameFigures | null = null;

/** The exact theoretical RTP (rtp.ts `computeRtp`, ~40 ms), worked out once. */
export function gameFigures(): GameFigures {
  if (!figures) {
    const { lineNumerator, scatterNumerator, denominator } = rtpParts(game.paytable);
    figures = { rtp: computeRtp(game.paytable), lineShare: lineNumerator / denominator, scatterShare: scatterNumerator / denominator };
  }
  return figures;
}

/** The HTML of each game's paytable, pays and return to player, in the page's language. */
export function paytableSheet(options: { language: PageLanguage; machines: SheetMachine[]; currency: string }): string {
  const { language, machines, currency } = options;
  const t = sheetTexts[language];
  const { paytable, config } = game;
  const locale = language === 'ar' ? 'ar-u-nu-latn' : language;
  const percent = (share: number, digits = 2) =>
    new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(share);
  const amount = (minor: number) =>
    new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minor / 100) + ` ${currency}`;
  const count = (n: number) => new Intl.NumberFormat(locale).format(n);
  const symbolName = (symbol: SymbolId) => escapeHtml(t.symbols[symbol]);
  const lines = paytable.lines.length;
  const { rtp, lineShare, scatterShare } = gameFigures();
  const html: string[] = [];

  html.push(`<h2 id="${escapeHtml(paytable.id)}">${escapeHtml(t.games[paytable.id] ?? paytable.id)}</h2>`);
  if (machines.length > 0) {
    const byBrand = new Map<string, SheetMachine[]>();
    for (const m of machines) byBrand.set(m.brand, [...(byBrand.get(m.brand) ?? []), m]);
    const list = [...byBrand].map(([brand, ms]) => `${escapeHtml(brand)}: ${ms.map((m) => escapeHtml(m.name)).join(', ')}`);
    html.push(`<p><strong>${escapeHtml(t.playedOn)}:</strong> ${list.join('; ')}</p>`);
  }
  html.push(`<p>${escapeHtml(t.layout(paytable.reels.length, paytable.rows, lines))}</p>`);
  html.push(
    `<p>${escapeHtml(
      t.bets(
        config.betLevels.map(amount).join(', '),
        lines,
        amount(config.betLevels[0]! / lines),
        amount(config.betLevels.at(-1)! / lines),
      ),
    )}</p>`,
  );

  const kinds = [3, 4, 5] as const;
  html.push(`<h3>${escapeHtml(t.linePays)}</h3>`);
  html.push(
    `<table><thead><tr><th scope="col">${escapeHtml(t.symbol)}</th>${kinds.map((k) => `<th scope="col">${escapeHtml(t.ofAKind(k))}</th>`).join('')}</tr></thead><tbody>`,
  );
  const linePays = Object.entries(paytable.linePays) as [SymbolId, KindPays][];
  for (const [symbol, pays] of linePays.sort(([, a], [, b]) => b[5] - a[5])) {
    html.push(
      `<tr data-symbol="${symbol}"><th scope="row">${symbolName(symbol)}</th>${kinds.map((k) => `<td class="number">${count(pays[k])}</td>`).join('')}</tr>`,
    );
  }
  html.push('</tbody></table>');

  if (paytable.scatter) {
    const scatterPays = Object.entries(paytable.scatterPays).filter(([, pay]) => pay > 0);
    html.push(`<h3>${escapeHtml(t.scatterPays)}</h3>`);
    html.push(
      `<table><thead><tr>${scatterPays.map(([n]) => `<th scope="col">${escapeHtml(t.scatters(Number(n)))}</th>`).join('')}</tr></thead>` +
        `<tbody><tr data-symbol="${paytable.scatter}">${scatterPays.map(([, pay]) => `<td class="number">${count(pay)}</td>`).join('')}</tr></tbody></table>`,
    );
  }

  html.push(`<h3>${escapeHtml(t.howWinsCount)}</h3><ul>`);
  const wild = paytable.wild ? t.symbols[paytable.wild] : '';
  const scatter = paytable.scatter ? t.symbols[paytable.scatter] : '';
  const rules = t.rules(wild, scatter, amount(config.handPayThreshold));
  for (const rule of rules.filter((_, i) => (i !== 1 || paytable.wild) && (i !== 2 || paytable.scatter)))
    html.push(`<li>${escapeHtml(rule)}</li>`);
  html.push('</ul>');

  html.push(`<h3>${escapeHtml(t.paylines)}</h3><ul class="paylines">`);
  for (const [i, line] of paytable.lines.entries()) {
    const cells = Array.from({ length: paytable.rows }, (_, row) =>
      line.map((r) => `<span${r === row ? ' class="on"' : ''}></span>`).join(''),
    ).join('');
    const rows = line.map((r) => t.rows[r] ?? String(r + 1)).join(', ');
    html.push(`<li><span class="line-shape" aria-hidden="true">${cells}</span> ${escapeHtml(t.line(i + 1))}: ${escapeHtml(rows)}</li>`);
  }
  html.push('</ul>');

  html.push(`<h3>${escapeHtml(t.returnToPlayer)}</h3>`);
  html.push(`<p data-rtp="${rtp}">${escapeHtml(t.rtp(percent(rtp), percent(lineShare), percent(scatterShare)))}</p>`);
  html.push(`<p>${escapeHtml(t.hitFrequency(percent(DOCUMENTED_HIT_FREQUENCY)))}</p>`);
  const jackpot = config.jackpot;
  if (jackpot) {
    const contribution = jackpot.contributionBasisPoints / 10_000;
    html.push(`<p>${escapeHtml(t.jackpot(percent(contribution), count(jackpot.oddsOneIn), amount(jackpot.base)))}</p>`);
    html.push(
      `<table><thead><tr><th scope="col">${escapeHtml(t.totalBet)}</th><th scope="col">${escapeHtml(t.withJackpot)}</th></tr></thead><tbody>`,
    );
    for (const bet of config.betLevels) {
      const total = rtp + contribution + jackpot.base / (jackpot.oddsOneIn * bet);
      html.push(`<tr><td class="number">${amount(bet)}</td><td class="number">${percent(total)}</td></tr>`);
    }
    html.push('</tbody></table>');
  }
  return html.join('\n');
}
