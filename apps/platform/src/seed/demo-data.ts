/** The demo data of a first start (README "Demo data"); tests rely on it. The PIN is the idle lock's (docs/pin-lock.md). */
export const demoPlayers = [
  { username: 'demo', email: 'demo@reelcast.test', password: 'demo1234', name: 'Deniz', lastname: 'Yılmaz', pin: '1234' },
  { username: 'demo2', email: 'demo2@reelcast.test', password: 'demo1234', name: 'Ayşe', lastname: 'Demir', pin: '1234' },
] as const;

/**
 * The operator's team of a first start (SPEC §6 roles; README "Demo data"): they sign in like players,
 * with a wallet but no deposit, and the role pages and staff tools are theirs. Start with SEED=false
 * and create real ones (`reelcast staff create`) for a live deployment.
 */
export const demoStaff = [
  { username: 'admin', email: 'admin@reelcast.test', password: 'admin1234', name: 'Admin', lastname: '', role: 'admin' },
  { username: 'staff', email: 'staff@reelcast.test', password: 'staff1234', name: 'Staff', lastname: '', role: 'staff' },
] as const;

/** Each demo player's opening deposit: 1,000.00 TRY. */
export const DEMO_DEPOSIT_MINOR = 100_000;

export const brandsToSeed = [
  {
    name: 'Aurora',
    jackpot: '12500.00,2500.50,640.75',
    colors: [
      [63, 81, 181],
      [26, 35, 126],
    ],
    machines: ['Northern Lights', 'Polar Gold', 'Star Crown', 'Ice Fortune'],
  },
  {
    name: 'Dragon',
    jackpot: '25000.00,5120.25,980.00',
    colors: [
      [211, 47, 47],
      [74, 20, 20],
    ],
    machines: ['Dragon Pearl', 'Jade Temple', 'Fire Koi', 'Lucky Lantern'],
  },
  {
    name: 'Tropic',
    jackpot: '8000.00,1500.00,300.50',
    colors: [
      [0, 150, 136],
      [0, 77, 64],
    ],
    machines: ['Coco Wilds', 'Sunset Reels', 'Parrot Bay', 'Mango Rush'],
  },
] as const;

export const machineImage = (name: string) => `/assets/machines/${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.svg`;
