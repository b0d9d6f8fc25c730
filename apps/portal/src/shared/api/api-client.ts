import type { DataTag } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import type { BalanceAnswer } from '@reelcast/protocol';
import { getSettings } from '@/shared/config/settings';
import { getAccessToken } from '@/shared/session/token-storage';
import { ApiError, InvalidAnswerError, NetworkError } from './api-error';

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Overrides the stored token (token sign-in sends the token being checked). */
  token?: string | null;
};

const balanceKey = ['player', 'balance'] as const;

/**
 * The player's balance query (GET /player/balance, features/wallet/api/get-balance.ts). Named here
 * because other features (promotions, game) and the notification socket read or refresh it, and
 * features do not import each other; here rather than in a module of its own, which the build makes
 * a chunk of its own that every page loads. Tagged with its answer, so cache reads and writes are typed.
 */
export const balanceQueryKey = balanceKey as DataTag<typeof balanceKey, BalanceAnswer>;

/** The API base from Settings.json (`apiBaseUrl`); empty means this page's origin. */
export function apiUrl(path: string): string {
  const base = getSettings().apiBaseUrl.replace(/\/+$/, '');
  return `${base}${path}`;
}

/** The origin of the API, where the notification socket lives. */
export function apiOrigin(): string {
  const base = getSettings().apiBaseUrl;
  return base ? new URL(base, window.location.href).origin : window.location.origin;
}

/**
 * One fetch for every API call: JSON in and out, the Bearer token on every request, the answer parsed
 * with its protocol schema. Throws ApiError (answered, non-2xx), NetworkError (no answer, or one cut
 * off before its end) or InvalidAnswerError (an answer that is not JSON or does not match the schema).
 */
export async function request<S extends z.ZodMiniType>(
  path: string,
  schema: S,
  { method = 'GET', body, signal, token = getAccessToken() }: RequestOptions = {},
): Promise<z.output<S>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new NetworkError(method, path, { cause });
  }

  if (!response.ok) throw await ApiError.from(response, method, path);

  let data: unknown = null;
  if (response.status !== 204) {
    const text = await response.text().catch((cause: unknown) => {
      // The answer was cut off after its status line (the page is being left, the connection dropped):
      // no answer, as for a request that never reached the server.
      if (signal?.aborted) throw cause;
      throw new NetworkError(method, path, { cause });
    });
    try {
      data = JSON.parse(text);
    } catch (cause) {
      throw new InvalidAnswerError(`Unexpected answer from ${method} ${path}`, { cause });
    }
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new InvalidAnswerError(`Unexpected answer from ${method} ${path}`, { cause: parsed.error });
  return parsed.data;
}
