import { openOutputDriver } from '../output/index.ts';
import { openSerialLink, openTestLink, systemScheduler, type Scheduler } from '../sas/index.ts';
import { SasCabinet } from './sas-cabinet.ts';
import type { SasCabinetSettings } from './settings.ts';

/** Opens a cabinet's SAS link and output board from its settings; call `open()` on it next. */
export async function openSasCabinet(settings: SasCabinetSettings, scheduler: Scheduler = systemScheduler): Promise<SasCabinet> {
  const link = await (settings.link.kind === 'serial' ? openSerialLink(settings.link.device) : openTestLink(settings.link.device));
  try {
    const output = await openOutputDriver(settings.output.board, scheduler);
    return new SasCabinet({ link, output, scheduler, settings });
  } catch (error) {
    await link.close();
    throw error;
  }
}
