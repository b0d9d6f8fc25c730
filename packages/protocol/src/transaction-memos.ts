/**
 * The memo the platform writes on a wallet movement, in one fixed English grammar: the ledger keeps it
 * as written (an audit line the operator reads and the player's search matches), and the portal reads
 * it back with {@link readMemo} to say it in the player's language, its amounts as money. A memo this
 * grammar does not know (an operator's deposit note, a jackpot's name) is shown as written.
 *
 * @example
 * memoText({ kind: 'rebate', promotion: 'discount', percent: 10, netLoss: 4000 }) // 'discount: 10% of net loss 4000'
 * readMemo('cash out, machine 8') // { kind: 'machine', movement: 'cashOut', machineId: 8 }
 */
export type Memo =
  /** Discount or bonus: a share of the net loss (minor units). */
  | { kind: 'rebate'; promotion: 'discount' | 'bonus'; percent: number; netLoss: number }
  /** Weekly bonus of an ISO week (2026-W47): a share of its net loss, and the payout cap it sets (minor units). */
  | { kind: 'weekly'; week: string; percent: number; netLoss: number; cap: number }
  /** Money between the wallet and a machine, or paid by the house at a machine. */
  | { kind: 'machine'; movement: MachineMovement; machineId: number };

const machineMovements = {
  cashInReserve: 'cash in reserve',
  cashIn: 'cash in',
  cashInVoided: 'cash in voided',
  cashOut: 'cash out',
  handPay: 'hand pay',
  jackpot: 'jackpot',
} as const;
export type MachineMovement = keyof typeof machineMovements;

export function memoText(memo: Memo): string {
  switch (memo.kind) {
    case 'rebate':
      return `${memo.promotion}: ${memo.percent}% of net loss ${memo.netLoss}`;
    case 'weekly':
      return `weekly bonus ${memo.week}: ${memo.percent}% of net loss ${memo.netLoss}, payout cap ${memo.cap}`;
    case 'machine':
      return `${machineMovements[memo.movement]}, machine ${memo.machineId}`;
  }
}

const number = '(\\d+(?:\\.\\d+)?)';
const rebate = new RegExp(`^(discount|bonus): ${number}% of net loss (\\d+)$`);
const weekly = new RegExp(`^weekly bonus (\\d{4}-W\\d{2}): ${number}% of net loss (\\d+), payout cap (\\d+)$`);
const machine = /^([a-z ]+), machine (\d+)$/;

/** The memo {@link memoText} wrote, or null for any other text. */
export function readMemo(text: string): Memo | null {
  let match = rebate.exec(text);
  if (match) return { kind: 'rebate', promotion: match[1] as 'discount' | 'bonus', percent: Number(match[2]), netLoss: Number(match[3]) };
  match = weekly.exec(text);
  if (match) return { kind: 'weekly', week: match[1]!, percent: Number(match[2]), netLoss: Number(match[3]), cap: Number(match[4]) };
  match = machine.exec(text);
  const movement = match && (Object.keys(machineMovements) as MachineMovement[]).find((key) => machineMovements[key] === match[1]);
  return movement ? { kind: 'machine', movement, machineId: Number(match![2]) } : null;
}
