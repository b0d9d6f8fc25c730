import { z } from 'zod';
import { BUTTONS, type Button } from './machine/cabinet.ts';
import { DENOMINATION_CODES } from './machine/denominations.ts';

const whole = z.number().int();

/** Where the control channel listens: a Unix socket path, a TCP port, or host:port (docs: README "Control channel"). */
export const controlAddressSchema = z.union([z.string().regex(/^[^:]+:\d+$/), whole.min(0).max(65535), z.string().min(1)]);

/** Every setting of the simulator, with its default (README "Options" lists them with their CLI flags). */
export const simulatorOptionsSchema = z.object({
  /** The simulator's end of the SAS pseudo-terminal pair. */
  sasPath: z.string().min(1),
  /** The simulator's end of the relay board's pseudo-terminal pair; none: no button harness. */
  relayPath: z.string().min(1).optional(),
  control: controlAddressSchema.optional(),
  /** Where the glass is served: the machine's screen as raw video (README "The glass"); none: no picture. */
  glass: controlAddressSchema.optional(),
  nvramFile: z.string().min(1),
  address: whole.min(1).max(127).default(1),
  assetNumber: whole.min(1).max(0xffffffff).default(1),
  serialNumber: z.string().max(40).default('EGMSIM0001'),
  denominationCents: whole.refine((cents) => DENOMINATION_CODES.has(cents), 'a SAS denomination (1, 2, 5, 10, ... cents)').default(1),
  seed: z.string().min(1).default('egm-sim'),
  maxBet: whole.min(1).max(255).default(5),
  handPayLimitCents: whole.positive().default(120_000),
  transferLimitCents: whole.positive().max(9_999_999_999).default(10_000_000),
  creditLimitCents: whole.positive().max(9_999_999_999).default(99_999_999),
  gameMs: whole.min(0).default(500),
  /** A relay must stay closed this long to count as a press (the machine's debounce). */
  minPressMs: whole.min(0).default(30),
  buttons: z
    .record(z.string().regex(/^\d+$/), z.enum(BUTTONS))
    .default({ 1: 'play', 2: 'betOne', 3: 'maxBet', 4: 'cashOut', 5: 'service' } satisfies Record<number, Button>),
  /** What the cash-out button does: call an attendant (a hand pay of canceled credits), or ask the host to take the credits by AFT (6A). */
  cashOutTo: z.enum(['handPay', 'host']).default('handPay'),
  historySize: whole.min(1).max(127).default(127),
  exceptionQueueSize: whole.min(1).max(1000).default(20),
  overflow: z.enum(['discard-oldest', 'discard-newest']).default('discard-oldest'),
  requireSync: z.boolean().default(true),
  linkDownMs: whole.positive().default(5000),
  interByteGapMs: whole.positive().nullable().default(null),
  reissueMs: whole.positive().default(15_000),
});

export type SimulatorOptions = z.input<typeof simulatorOptionsSchema>;
export type SimulatorSettings = z.output<typeof simulatorOptionsSchema>;
