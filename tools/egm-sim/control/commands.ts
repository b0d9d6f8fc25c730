import { z } from 'zod';
import type { FaultPlan } from '../faults.ts';
import { BUTTONS, type Cabinet } from '../machine/cabinet.ts';
import { Exception } from '../machine/exception-codes.ts';

const count = z.number().int().positive();
const ms = z.number().int().nonnegative();

/** The control channel's commands, one JSON object a line (README "Control channel"). */
export const controlCommandSchema = z.discriminatedUnion('cmd', [
  z.object({ cmd: z.literal('status') }),
  z.object({ cmd: z.literal('press'), button: z.enum(BUTTONS) }),
  z.object({ cmd: z.literal('door'), open: z.boolean() }),
  z.object({ cmd: z.literal('tilt'), reel: z.number().int().min(0).max(5).optional() }),
  z.object({ cmd: z.literal('clearTilt') }),
  z.object({ cmd: z.literal('handPay'), cents: count.max(9_999_999_999) }),
  z.object({ cmd: z.literal('resetHandPay') }),
  z.object({ cmd: z.literal('forceOutcome'), stops: z.array(z.number().int().nonnegative()).length(3) }),
  z.object({ cmd: z.literal('exception'), code: z.number().int().min(1).max(0xff) }),
  z.object({ cmd: z.literal('requestRegistration') }),
  z.object({ cmd: z.literal('dropAnswers'), count }),
  z.object({ cmd: z.literal('corruptCrc'), count: count.default(1) }),
  z.object({ cmd: z.literal('delayAnswers'), ms: count, count: count.default(1) }),
  z.object({ cmd: z.literal('holdNextTransfer'), polls: z.number().int().nonnegative() }),
  z.object({ cmd: z.literal('powerLossOnNextTransfer'), offMs: ms.optional(), applied: z.boolean() }),
  z.object({ cmd: z.literal('powerLoss'), offMs: ms.optional() }),
  z.object({ cmd: z.literal('powerOn') }),
  z.object({ cmd: z.literal('clearFaults') }),
]);
export type ControlCommand = z.infer<typeof controlCommandSchema>;

export type ControlReply = { ok: true; [key: string]: unknown } | { ok: false; error: string };

/** What the commands act on: the running simulator. */
export interface ControlTarget {
  readonly faults: FaultPlan;
  /** null while the power is off. */
  readonly cabinet: Cabinet | null;
  status(): Record<string, unknown>;
  powerLoss(offMs: number | null): void;
  powerOn(): void;
}

export function runCommand(target: ControlTarget, command: ControlCommand): ControlReply {
  const { faults } = target;
  switch (command.cmd) {
    case 'status':
      return { ok: true, ...target.status() };
    case 'dropAnswers':
      faults.dropAnswers(command.count);
      return { ok: true };
    case 'corruptCrc':
      faults.corruptCrc(command.count);
      return { ok: true };
    case 'delayAnswers':
      faults.delayAnswers(command.ms, command.count);
      return { ok: true };
    case 'holdNextTransfer':
      faults.holdNextTransfer(command.polls);
      return { ok: true };
    case 'powerLossOnNextTransfer':
      faults.powerLossOnNextTransfer(command.offMs ?? null, command.applied);
      return { ok: true };
    case 'clearFaults':
      faults.clear();
      return { ok: true };
    case 'powerLoss':
      if (target.cabinet === null) return { ok: false, error: 'the power is already off' };
      target.powerLoss(command.offMs ?? null);
      return { ok: true };
    case 'powerOn':
      if (target.cabinet !== null) return { ok: false, error: 'the power is already on' };
      target.powerOn();
      return { ok: true };
    default:
      return onMachine(target, command);
  }
}

function onMachine(target: ControlTarget, command: ControlCommand): ControlReply {
  const cabinet = target.cabinet;
  if (cabinet === null) return { ok: false, error: 'the power is off' };
  switch (command.cmd) {
    case 'press':
      cabinet.press(command.button);
      return { ok: true };
    case 'door':
      cabinet.setDoor(command.open);
      return { ok: true };
    case 'tilt':
      cabinet.setTilt(command.reel === undefined ? Exception.GeneralTilt : Exception.ReelTilt + command.reel);
      return { ok: true };
    case 'clearTilt':
      cabinet.setTilt(null);
      return { ok: true };
    case 'handPay': {
      const { denominationCents } = cabinet.config;
      if (command.cents % denominationCents !== 0) return { ok: false, error: `not a multiple of the denomination (${denominationCents})` };
      return cabinet.floorHandPay(command.cents / denominationCents) ? { ok: true } : { ok: false, error: 'a hand pay is already pending' };
    }
    case 'resetHandPay':
      return cabinet.resetHandPay() ? { ok: true } : { ok: false, error: 'no hand pay is pending' };
    case 'forceOutcome':
      cabinet.forceNextStops(command.stops);
      return { ok: true };
    case 'exception':
      cabinet.exceptions.add(command.code);
      cabinet.commit();
      return { ok: true };
    case 'requestRegistration':
      cabinet.exceptions.add(Exception.AftRequestToRegister);
      cabinet.commit();
      return { ok: true };
    default:
      return { ok: false, error: `unknown command ${command.cmd}` };
  }
}
