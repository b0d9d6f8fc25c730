// The SAS host: links, the poll loop, the long polls and the AFT client (docs/sas.md).
export type { LinkListener, SasLink } from './link.ts';
export { openSerialLink } from './links/serial-link.ts';
export { openTestLink } from './links/test-link.ts';
export { SasPoller, type PollerOptions, type PollFailure, type PollResult } from './poller.ts';
export type { Door, SasEvent } from './events.ts';
export { sasTiming, type SasTiming } from './timing.ts';
export { systemScheduler, type Scheduler } from './scheduler.ts';
export { disablePlay, enablePlay } from './long-polls/enable-play.ts';
export { currentCredits } from './long-polls/current-credits.ts';
export { gameMeters, meterCodes, selectedMeters, type GameMeters, type MeterName } from './long-polls/meters.ts';
export { version, type MachineVersion } from './long-polls/version.ts';
export { handPayInfo, isProgressiveLevel, type HandPayInfo } from './long-polls/hand-pay-info.ts';
export { AftClient, type AftClientOptions } from './aft/aft-client.ts';
export type { LongPollQueue } from './aft/long-poll-queue.ts';
export { aftInterrogate } from './long-polls/aft-transfer.ts';
export type { AftOutcome, RegistrationOutcome } from './aft/aft-outcome.ts';
export { transactionIdOf } from './aft/transaction-id.ts';
