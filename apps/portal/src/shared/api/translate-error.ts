import type { TFunction } from 'i18next';
import { i18n } from '@/shared/i18n/i18n';
import { ApiError, NetworkError } from './api-error';

/**
 * SPEC §8: errors show the translated text for their code with its Params, else the server's
 * ErrorMessage. The one place where codes become words.
 */
export function translateError(error: unknown, t: TFunction = i18n.t): string {
  if (error instanceof NetworkError) return t('auth.networkError');
  if (error instanceof ApiError && error.answer) {
    const { code, ErrorMessage, Params } = error.answer;
    const key = `errors.codes.${code}` as 'errors.codes.10';
    if (i18n.exists(key)) return String(t(key, { ...Params }));
    return ErrorMessage;
  }
  if (error instanceof Error && error.message) return error.message;
  return t('errors.unknown');
}
