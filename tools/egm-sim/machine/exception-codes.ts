/** General poll exception codes this machine raises (SAS 6.02 Appendix A, Table A-1). */
export const Exception = {
  None: 0x00,
  SlotDoorOpened: 0x11,
  SlotDoorClosed: 0x12,
  AcPowerApplied: 0x17,
  AcPowerLost: 0x18,
  GeneralTilt: 0x20,
  ReelTilt: 0x40,
  Reel1Tilt: 0x41,
  Reel5Tilt: 0x45,
  HandPayPending: 0x51,
  HandPayReset: 0x52,
  CashOutButtonPressed: 0x66,
  AftTransferComplete: 0x69,
  AftRequestForHostCashOut: 0x6a,
  AftRequestToRegister: 0x6c,
  AftRegistrationAcknowledged: 0x6d,
  AftRegistrationCancelled: 0x6e,
  GameLocked: 0x6f,
  ExceptionBufferOverflow: 0x70,
  ChangeLampOn: 0x71,
  ChangeLampOff: 0x72,
  GameStarted: 0x7e,
  GameEnded: 0x7f,
} as const;

/**
 * The priority exceptions in the order SAS 6.02 section 2.2.1 gives: each is a flag rather than a queue entry,
 * reported before anything in the queue, and so never lost to an overflow.
 */
export const PRIORITY_ORDER: readonly number[] = [
  0x57, 0x67, 0x68, 0x3f, 0x6a, 0x6b, 0x6f, 0x56, 0x3d, 0x3e, 0x69, 0x6c, 0x6d, 0x51, 0x52, 0x8f, 0x70,
];
