import { z } from 'zod';
import type { Scheduler } from '../sas/scheduler.ts';
import { openGpioDriver } from './gpio-driver.ts';
import { openLcusRelayDriver } from './lcus-relay-driver.ts';
import { MAX_PULSE_MS, type OutputDriver } from './output-driver.ts';

/** The buttons of a cabinet's harness that Reelcast can press. */
export const cabinetButtons = ['play', 'betUp', 'betDown', 'maxBet', 'cashOut', 'service'] as const;
export type CabinetButton = (typeof cabinetButtons)[number];

const boardSchema = z.discriminatedUnion('kind', [
  /** An LCUS-type USB relay board (docs/sas-test-link.md §3): relays 1, 2, ... */
  z.object({ kind: z.literal('lcus'), device: z.string().min(1) }),
  /** GPIO lines of a Linux GPIO chip, by offset, through Debian's gpioset. */
  z.object({
    kind: z.literal('gpio'),
    chip: z.string().regex(/^gpiochip\d+$/, 'a GPIO chip name such as gpiochip0'),
    activeLow: z.boolean().default(false),
  }),
]);
export type OutputBoard = z.infer<typeof boardSchema>;

/** A cabinet's output board, which button is wired to which channel, and how long a press lasts (docs/cabinets.md). */
export const outputSettingsSchema = z
  .object({
    board: boardSchema,
    buttons: z.partialRecord(z.enum(cabinetButtons), z.int().min(0).max(255)),
    /** At least the machine's debounce (30 ms on the simulator); 100 ms is typical. */
    pulseMs: z.int().min(30).max(MAX_PULSE_MS).default(100),
  })
  .superRefine((settings, context) => {
    const wired = Object.entries(settings.buttons);
    if (wired.length === 0) context.addIssue({ code: 'custom', path: ['buttons'], message: 'wire at least one button' });
    const seen = new Map<number, string>();
    for (const [button, channel] of wired) {
      if (settings.board.kind === 'lcus' && channel === 0)
        context.addIssue({ code: 'custom', path: ['buttons', button], message: 'relays are numbered from 1' });
      const other = seen.get(channel);
      if (other) context.addIssue({ code: 'custom', path: ['buttons', button], message: `channel ${channel} is ${other}'s too` });
      seen.set(channel, button);
    }
  });
export type OutputSettings = z.infer<typeof outputSettingsSchema>;

export function openOutputDriver(board: OutputBoard, scheduler: Scheduler): Promise<OutputDriver> {
  switch (board.kind) {
    case 'lcus':
      return openLcusRelayDriver(board.device, scheduler);
    case 'gpio':
      return openGpioDriver({ chip: board.chip, activeLow: board.activeLow });
  }
}
