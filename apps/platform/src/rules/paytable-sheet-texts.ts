import type { SymbolId } from '@reelcast/engine';
import type { PageLanguage } from './html-page.ts';

/** The generated part of the paytables page, in the page's language. Values arrive formatted. */
export interface SheetTexts {
  games: Record<string, string>;
  symbols: Record<SymbolId, string>;
  playedOn: string;
  layout: (reels: number, rows: number, lines: number) => string;
  bets: (bets: string, lines: number, fromPerLine: string, toPerLine: string) => string;
  linePays: string;
  symbol: string;
  ofAKind: (count: number) => string;
  scatterPays: string;
  scatters: (count: number) => string;
  howWinsCount: string;
  rules: (wild: string, scatter: string, handPay: string) => string[];
  paylines: string;
  line: (n: number) => string;
  rows: string[];
  returnToPlayer: string;
  rtp: (rtp: string, lines: string, scatter: string) => string;
  hitFrequency: (share: string) => string;
  jackpot: (contribution: string, odds: string, base: string) => string;
  totalBet: string;
  withJackpot: string;
}

const en: SheetTexts = {
  games: { 'reelcast-classic-10': 'Reelcast Classic' },
  symbols: {
    CHERRY: 'Cherry',
    LEMON: 'Lemon',
    ORANGE: 'Orange',
    PLUM: 'Plum',
    BELL: 'Bell',
    BAR: 'BAR',
    SEVEN: 'Seven',
    WILD: 'WILD',
    SCATTER: 'SCATTER',
  },
  playedOn: 'Played on',
  layout: (reels, rows, lines) => `${reels} reels × ${rows} rows, ${lines} fixed paylines.`,
  bets: (bets, lines, from, to) => `Bets per spin: ${bets} (spread over the ${lines} lines: ${from} to ${to} per line).`,
  linePays: 'Line pays (× line bet)',
  symbol: 'Symbol',
  ofAKind: (count) => `${count} in a row`,
  scatterPays: 'Scatter pays (× total bet)',
  scatters: (count) => `${count} scatters`,
  howWinsCount: 'How wins are counted',
  rules: (wild, scatter, handPay) => [
    'A line wins with 3, 4 or 5 of the same symbol in a row, starting from the leftmost reel.',
    `${wild} stands in for every symbol except ${scatter}. A line that starts with ${wild} pays as the ${wild} run or as the symbol it completes, whichever pays more.`,
    `${scatter} pays anywhere on the screen, as a multiple of the total bet, and never counts on a line.`,
    "Every winning line pays; a spin's win is the sum of its line wins and its scatter win.",
    `A win of ${handPay} or more is a hand pay: it is not put on the machine but paid to your balance by the operator, and the machine stays locked until then.`,
  ],
  paylines: 'Paylines',
  line: (n) => `Line ${n}`,
  rows: ['top', 'middle', 'bottom'],
  returnToPlayer: 'Return to player',
  rtp: (rtp, lines, scatter) =>
    `Theoretical return to player of the reels: ${rtp} (line wins ${lines}, scatter wins ${scatter}). Computed exactly by the game software from its reel strips and pays over every stop combination, not measured by play: over a short session your result can be far from it.`,
  hitFrequency: (share) =>
    `A spin wins something ${share} of the time (the game's documented figure, counted over every stop combination).`,
  jackpot: (contribution, odds, base) =>
    `Progressive jackpot: ${contribution} of every bet goes into the pot, each spin wins it with a chance of 1 in ${odds}, and after a win it starts again at ${base}. It adds to the return above, most at small bets:`,
  totalBet: 'Total bet',
  withJackpot: 'Return with the jackpot',
};

const tr: SheetTexts = {
  games: { 'reelcast-classic-10': 'Reelcast Classic' },
  symbols: {
    CHERRY: 'Kiraz',
    LEMON: 'Limon',
    ORANGE: 'Portakal',
    PLUM: 'Erik',
    BELL: 'Çan',
    BAR: 'BAR',
    SEVEN: 'Yedi',
    WILD: 'WILD',
    SCATTER: 'SCATTER',
  },
  playedOn: 'Oynandığı makineler',
  layout: (reels, rows, lines) => `${reels} makara × ${rows} sıra, ${lines} sabit ödeme çizgisi.`,
  bets: (bets, lines, from, to) => `Çevirme başına bahisler: ${bets} (${lines} çizgiye bölünür: çizgi başına ${from} ile ${to} arası).`,
  linePays: 'Çizgi ödemeleri (× çizgi bahsi)',
  symbol: 'Sembol',
  ofAKind: (count) => `${count} sıralı`,
  scatterPays: 'Scatter ödemeleri (× toplam bahis)',
  scatters: (count) => `${count} scatter`,
  howWinsCount: 'Kazançlar nasıl sayılır',
  rules: (wild, scatter, handPay) => [
    'Bir çizgi, en soldaki makaradan başlayarak yan yana 3, 4 veya 5 aynı sembolle kazanır.',
    `${wild}, ${scatter} dışındaki her sembolün yerine geçer. ${wild} ile başlayan bir çizgi, ${wild} dizisi olarak veya tamamladığı sembol olarak, hangisi daha çok ödüyorsa öyle öder.`,
    `${scatter} ekranın her yerinde, toplam bahsin katı olarak öder ve çizgilerde asla sayılmaz.`,
    'Kazanan her çizgi öder; bir çevirmenin kazancı çizgi kazançları ile scatter kazancının toplamıdır.',
    `${handPay} veya daha fazla kazanç el ödemesidir: makineye yazılmaz, operatör tarafından bakiyenize ödenir ve o zamana kadar makine kilitli kalır.`,
  ],
  paylines: 'Ödeme çizgileri',
  line: (n) => `Çizgi ${n}`,
  rows: ['üst', 'orta', 'alt'],
  returnToPlayer: 'Oyuncuya geri dönüş',
  rtp: (rtp, lines, scatter) =>
    `Makaraların teorik oyuncuya geri dönüş oranı: ${rtp} (çizgi kazançları ${lines}, scatter kazançları ${scatter}). Oyun yazılımı tarafından makara şeritleri ve ödemelerden, tüm durma kombinasyonları üzerinden tam olarak hesaplanmıştır, oyunla ölçülmemiştir: kısa bir oturumda sonucunuz bundan çok farklı olabilir.`,
  hitFrequency: (share) => `Çevirmelerin ${share} kadarı bir şey kazanır (oyunun belgelenmiş değeri, tüm durma kombinasyonları sayılarak).`,
  jackpot: (contribution, odds, base) =>
    `Artan jackpot: her bahsin ${contribution} kadarı havuza eklenir, her çevirme 1/${odds} olasılıkla kazanır ve kazanıldıktan sonra ${base} ile yeniden başlar. Yukarıdaki orana eklenir, en çok küçük bahislerde:`,
  totalBet: 'Toplam bahis',
  withJackpot: 'Jackpot ile geri dönüş',
};

const ar: SheetTexts = {
  games: { 'reelcast-classic-10': 'Reelcast Classic' },
  symbols: {
    CHERRY: 'كرز',
    LEMON: 'ليمون',
    ORANGE: 'برتقال',
    PLUM: 'برقوق',
    BELL: 'جرس',
    BAR: 'BAR',
    SEVEN: 'سبعة',
    WILD: 'WILD',
    SCATTER: 'SCATTER',
  },
  playedOn: 'الآلات التي تعمل بها',
  layout: (reels, rows, lines) => `${reels} بكرات × ${rows} صفوف، ${lines} خطوط دفع ثابتة.`,
  bets: (bets, lines, from, to) => `الرهان لكل دورة: ${bets} (موزّع على ${lines} خطوط: من ${from} إلى ${to} لكل خط).`,
  linePays: 'مدفوعات الخطوط (× رهان الخط)',
  symbol: 'الرمز',
  ofAKind: (count) => `${count} متتالية`,
  scatterPays: 'مدفوعات السكاتر (× الرهان الكلي)',
  scatters: (count) => `${count} سكاتر`,
  howWinsCount: 'كيف تُحتسب الأرباح',
  rules: (wild, scatter, handPay) => [
    'يربح الخط بـ 3 أو 4 أو 5 رموز متطابقة متتالية بدءًا من البكرة الأولى من اليسار.',
    `يحل ${wild} محل كل رمز باستثناء ${scatter}. الخط الذي يبدأ بـ ${wild} يُدفع كسلسلة ${wild} أو كالرمز الذي يكمله، أيهما أعلى.`,
    `يدفع ${scatter} في أي مكان على الشاشة، كمضاعف للرهان الكلي، ولا يُحتسب على الخطوط أبدًا.`,
    'كل خط رابح يُدفع؛ ربح الدورة هو مجموع أرباح الخطوط وربح السكاتر.',
    `الربح البالغ ${handPay} أو أكثر دفعٌ يدوي: لا يُضاف إلى الآلة بل يدفعه المشغّل إلى رصيدك، وتبقى الآلة مقفلة حتى ذلك الحين.`,
  ],
  paylines: 'خطوط الدفع',
  line: (n) => `الخط ${n}`,
  rows: ['أعلى', 'وسط', 'أسفل'],
  returnToPlayer: 'العائد للاعب',
  rtp: (rtp, lines, scatter) =>
    `العائد النظري للاعب من البكرات: ${rtp} (أرباح الخطوط ${lines}، أرباح السكاتر ${scatter}). يحسبه برنامج اللعبة بدقة من شرائط البكرات والمدفوعات على كل تركيبات التوقف، ولا يُقاس باللعب: في جلسة قصيرة قد تبتعد نتيجتك عنه كثيرًا.`,
  hitFrequency: (share) => `تربح الدورة شيئًا في ${share} من المرات (الرقم الموثّق للعبة، محسوبًا على كل تركيبات التوقف).`,
  jackpot: (contribution, odds, base) =>
    `الجاكبوت التصاعدي: يُضاف ${contribution} من كل رهان إلى الجائزة، وتربحها كل دورة باحتمال 1 من ${odds}، وبعد الفوز تبدأ من ${base}. يُضاف إلى العائد أعلاه، وأكثر في الرهانات الصغيرة:`,
  totalBet: 'الرهان الكلي',
  withJackpot: 'العائد مع الجاكبوت',
};

export const sheetTexts: Record<PageLanguage, SheetTexts> = { en, tr, ar };
