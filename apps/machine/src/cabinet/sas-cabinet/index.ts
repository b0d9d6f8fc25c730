// One real cabinet on SAS, with its output board (docs/cabinets.md).
export { SasCabinet, type SasCabinetParts } from './sas-cabinet.ts';
export { SasCabinetPort } from './sas-port.ts';
export { CabinetPartError, openSasCabinet } from './open-sas-cabinet.ts';
export { sasCabinetSettingsSchema, type SasCabinetSettings } from './settings.ts';
export { gameFigures, sessionFigures, type CabinetMeters, type GameFigures, type SessionFigures } from './cabinet-meters.ts';
export type { CabinetEvent, CabinetStatus, OpenOutcome, PlayOutcome, PressOutcome, TransferOutcome } from './outcomes.ts';
