import type { TFunction } from 'i18next';
import type { ErrorAnswer } from '@reelcast/protocol';
import { i18n } from '@/shared/i18n/i18n';
import { ApiError, NetworkError } from './api-error';

/**
 * SPEC §8: errors show the translated text for their code with its Params, else the server's
 * ErrorMessage. The one place where codes become words. Anything else (an answer without the SPEC
 * shape, one that does not match its schema, a fault of ours) has no words for a player: 'Something
 * went wrong.', never the developer's message ('Unexpected answer from GET /player/balance').
 */
export function translateError(error: unknown, t: TFunction = i18n.t): string {
  if (error instanceof NetworkError) return t('auth.networkError');
  if (error instanceof ApiError && error.answer) return translateAnswer(error.answer, t);
  return t('errors.unknown');
}

/** An answer's code as text with its Params (an error, or a promotion's refusal), else its ErrorMessage. */
export function translateAnswer(
  { code, ErrorMessage, Params }: Pick<ErrorAnswer, 'code' | 'ErrorMessage' | 'Params'>,
  t: TFunction = i18n.t,
): string {
  const key = `errors.codes.${code}` as 'errors.codes.10';
  // An end the server sends as an instant (a time-out's, a self-exclusion's) goes to the texts' datetime format as a time.
  const until = Date.parse(String(Params?.until));
  const text = i18n.exists(key) ? t(key, { ...Params, ...(Number.isNaN(until) ? {} : { until }) }) : null;
  return typeof text === 'string' ? text : ErrorMessage;
}
