import { describe, expect, it } from 'vitest';
import { systemScheduler } from '../sas/scheduler.ts';
import { openOutputDriver, outputSettingsSchema } from './output-settings.ts';

const issues = (input: unknown) => {
  const result = outputSettingsSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('output settings', () => {
  it('take a board, the button wiring and a pulse width of 100 ms by default', () => {
    const settings = outputSettingsSchema.parse({ board: { kind: 'lcus', device: '/dev/ttyUSB0' }, buttons: { play: 1, maxBet: 3 } });
    expect(settings).toEqual({ board: { kind: 'lcus', device: '/dev/ttyUSB0' }, buttons: { play: 1, maxBet: 3 }, pulseMs: 100 });
    expect(outputSettingsSchema.parse({ board: { kind: 'gpio', chip: 'gpiochip0' }, buttons: { play: 0 } }).board).toEqual({
      kind: 'gpio',
      chip: 'gpiochip0',
      activeLow: false,
    });
  });

  it('name each wrong field', () => {
    expect(issues({ board: { kind: 'lcus', device: '/dev/ttyUSB0' }, buttons: { play: 0, betUp: 2, maxBet: 2 } })).toEqual([
      'buttons.play: relays are numbered from 1',
      "buttons.maxBet: channel 2 is betUp's too",
    ]);
    expect(issues({ board: { kind: 'gpio', chip: 'sda' }, buttons: {}, pulseMs: 10 })).toEqual([
      'board.chip: a GPIO chip name such as gpiochip0',
      'pulseMs: Too small: expected number to be >=30',
      'buttons: wire at least one button',
    ]);
    expect(issues({ board: { kind: 'lcus', device: '/dev/ttyUSB0' }, buttons: {} })).toEqual(['buttons: wire at least one button']);
    expect(issues({ board: { kind: 'lcus', device: '/dev/ttyUSB0' }, buttons: { spin: 1 } })).toEqual([
      'buttons: Unrecognized key: "spin"',
      'buttons: wire at least one button',
    ]);
    expect(issues({ board: { kind: 'lcus', device: '/dev/ttyUSB0' }, buttons: { play: '1' } })).toEqual([
      'buttons.play: Invalid input: expected number, received string',
    ]);
  });

  it('open the board they name', async () => {
    await expect(openOutputDriver({ kind: 'gpio', chip: 'gpiochip98', activeLow: true }, systemScheduler)).rejects.toThrow(
      '/dev/gpiochip98 not found',
    );
    await expect(openOutputDriver({ kind: 'lcus', device: '/nonexistent/ttyUSB9' }, systemScheduler)).rejects.toThrow(/ttyUSB9/);
  });
});
