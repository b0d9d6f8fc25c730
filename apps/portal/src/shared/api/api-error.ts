import { errorAnswer, type ErrorAnswer } from '@reelcast/protocol';

/** A request that got an answer with a non-2xx status. `answer` is the SPEC §8 error shape when the server sent it. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly method: string,
    readonly path: string,
    readonly answer: ErrorAnswer | null,
  ) {
    super(answer?.ErrorMessage ?? `Request failed with status ${status}`);
  }

  static async from(response: Response, method: string, path: string): Promise<ApiError> {
    let answer: ErrorAnswer | null = null;
    try {
      const parsed = errorAnswer.safeParse(await response.json());
      if (parsed.success) answer = parsed.data;
    } catch {
      // not JSON
    }
    return new ApiError(response.status, method, path, answer);
  }
}

/** A request that got no answer at all (offline, DNS, refused, CORS). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(
    readonly method: string,
    readonly path: string,
    options?: { cause?: unknown },
  ) {
    super('Network Error, please check your connection', options);
  }
}

/** An answer that did not match its protocol schema. */
export class InvalidAnswerError extends Error {
  override readonly name = 'InvalidAnswerError';
}
