import type { TFunction } from 'i18next';
import type { ErrorAnswer } from '@reelcast/protocol';
import { i18n } from '@/shared/i18n/i18n';
import { ApiError, NetworkError } from './api-error';

/**
 * SPEC §8: errors show the translated text for their code with its Params, else the server's
 * ErrorMessage. The one place where codes become words.
 */
export function translateError(error: unknown, t: TFunction = i18n.t): string {
  if (error instanceof NetworkError) return t('auth.networkError');
  if (error instanceof ApiError && error.answer) return translateAnswer(error.answer, t);
  if (error instanceof Error && error.message) return error.message;
  return t('errors.unknown');
}

/** An answer's code as text with its Params (an error, or a promotion's refusal), else its ErrorMessage. */
export function translateAnswer({ code, ErrorMessage, Params }: Pick<ErrorAnswer, 'code' | 'ErrorMessage' | 'Params'>, t: TFunction = i18n.t): string {
  const key = `errors.codes.${code}` as 'errors.codes.10';
  return i18n.exists(key) ? String(t(key, { ...Params })) : ErrorMessage;
}
