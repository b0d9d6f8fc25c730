import { FaultPlan } from '../faults.ts';
import { simulatorOptionsSchema, type SimulatorOptions } from '../options.ts';
import { Cabinet } from './cabinet.ts';
import { freshState, type NvramState } from './state.ts';

/** A cabinet in process, with the simulator's default settings, its NVRAM writes counted instead of written. */
export function testCabinet(overrides: Partial<SimulatorOptions> = {}, state: NvramState = freshState(42)) {
  const settings = simulatorOptionsSchema.parse({ sasPath: '-', nvramFile: '-', ...overrides });
  const faults = new FaultPlan();
  const saved: NvramState[] = [];
  const cabinet = new Cabinet(
    state,
    settings,
    (next) => saved.push(structuredClone(next)),
    () => faults.takeTransferFault(),
  );
  return { cabinet, faults, saved, settings };
}

/** Takes every exception off the queue, as a host polling and acknowledging each would. */
export function drainExceptions(cabinet: Cabinet): number[] {
  const codes: number[] = [];
  for (let reported = cabinet.exceptions.next(); reported.code !== 0; reported = cabinet.exceptions.next()) {
    codes.push(reported.code);
    reported.acknowledge();
  }
  return codes;
}
