import { openOutputDriver } from '../output/index.ts';
import { openSerialLink, openTestLink, systemScheduler, type Scheduler } from '../sas/index.ts';
import { SasCabinet } from './sas-cabinet.ts';
import type { SasCabinetSettings } from './settings.ts';

/** A part of a cabinet that did not open: the settings field that names it (`link.device`), its value and why. */
export class CabinetPartError extends Error {
  constructor(
    readonly field: string,
    readonly value: string,
    cause: unknown,
  ) {
    super(`${field} "${value}" did not open: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

async function opening<T>(field: string, value: string, open: () => Promise<T>): Promise<T> {
  try {
    return await open();
  } catch (error) {
    throw new CabinetPartError(field, value, error);
  }
}

/**
 * Opens a cabinet's SAS link and output board from its settings; call `open()` on it next. A part
 * that does not open throws a CabinetPartError naming its field.
 */
export async function openSasCabinet(settings: SasCabinetSettings, scheduler: Scheduler = systemScheduler): Promise<SasCabinet> {
  const { link, output } = settings;
  const sas = await opening('link.device', link.device, () =>
    link.kind === 'serial' ? openSerialLink(link.device) : openTestLink(link.device),
  );
  try {
    const board = output.board;
    const driver = await (board.kind === 'lcus'
      ? opening('output.board.device', board.device, () => openOutputDriver(board, scheduler))
      : opening('output.board.chip', board.chip, () => openOutputDriver(board, scheduler)));
    return new SasCabinet({ link: sas, output: driver, scheduler, settings });
  } catch (error) {
    await sas.close();
    throw error;
  }
}
