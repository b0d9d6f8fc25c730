/** SPEC §9 hot coins: the amounts (minor units) a player may transfer with one tap, those the wallet covers. */
export function hotCoinOptions(hotCoins: readonly number[], balance: number | undefined): { amount: number; enabled: boolean }[] {
  return hotCoins.map((amount) => ({ amount, enabled: balance !== undefined && amount <= balance }));
}

/** All-in moves the whole wallet balance, capped by maxAllInLimit (both minor units). */
export function allInAmount(balance: number | undefined, maxAllInLimit: number): number {
  if (balance === undefined || balance <= 0) return 0;
  return Math.max(0, Math.min(balance, maxAllInLimit));
}
