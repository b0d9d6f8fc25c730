import { ErrorCode, errorText } from '@reelcast/protocol';
import type { CabinetRefusal, CabinetRefusalCode } from '../cabinet/cabinet.ts';

/**
 * The code a player gets for each refusal of the cabinet (the engine's reasons, and a real cabinet that
 * did not answer or take a press), so the portal can say it in their language (docs/game-socket.md
 * "Refusals"). What a player's page cannot cause by playing (an unknown button, a settlement or a
 * status change the agent asked for) is an invalid request.
 */
const codeOfRefusal = {
  INSUFFICIENT_CREDIT: ErrorCode.MachineCreditTooLow,
  LOCKED: ErrorCode.MachineLocked,
  NOT_PLAYING: ErrorCode.MachineNotPlaying,
  BET_LIMIT: ErrorCode.MachineBetLimit,
  AUTOPLAY_ACTIVE: ErrorCode.MachineAutoplayActive,
  CREDIT_LIMIT: ErrorCode.MachineCreditLimit,
  NOTHING_TO_COLLECT: ErrorCode.MachineNothingToCollect,
  INVALID_AMOUNT: ErrorCode.InvalidRequest,
  UNKNOWN_SETTLEMENT: ErrorCode.InvalidRequest,
  ILLEGAL_TRANSITION: ErrorCode.InvalidRequest,
  UNKNOWN_BUTTON: ErrorCode.InvalidRequest,
  UNAVAILABLE: ErrorCode.MachineNotPlaying,
} as const satisfies Record<CabinetRefusalCode, ErrorCode>;

/** The game socket's refusal for a cabinet's refusal: its code, and the cabinet's reason where it has no text of its own. */
export function engineRefusal(refused: CabinetRefusal): { ok: false; code: ErrorCode; ErrorMessage: string } {
  const code = codeOfRefusal[refused.code];
  return { ok: false, code, ErrorMessage: code === ErrorCode.InvalidRequest ? refused.reason : errorText(code) };
}
