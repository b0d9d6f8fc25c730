import { ErrorCode, errorMessages, protectionMessages } from '@reelcast/protocol';
import { PlatformRefusal } from './platform-client.ts';

/** A game socket's answer (docs/game-socket.md): ok with its fields, or a SPEC §8 code and its text. */
export type Ack =
  { ok: true; [key: string]: unknown } | { ok: false; code: number; ErrorMessage: string; Params?: Record<string, string | number> };
export type Refused = Extract<Ack, { ok: false }>;

export const refusal = (code: number, message?: string): Refused => ({
  ok: false,
  code,
  ErrorMessage:
    message ??
    errorMessages[code as keyof typeof errorMessages] ??
    protectionMessages[code as keyof typeof protectionMessages] ??
    'Refused.',
});

/** A platform call that failed, as the player is told: the platform's refusal, or that it cannot be reached. */
export function platformRefusal(error: unknown, log: (message: string, detail?: unknown) => void): Refused {
  if (error instanceof PlatformRefusal) return { ...refusal(error.code, error.message), ...(error.params ? { Params: error.params } : {}) };
  log('platform call failed', error);
  return refusal(ErrorCode.InternalError, 'The machine cannot reach the platform; nothing was changed.');
}
