import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { autoLogout } from '@/features/auth/lib/auto-logout';
import { ApiError, NetworkError } from '@/shared/api/api-error';
import { translateError } from '@/shared/api/translate-error';
import { i18n } from '@/shared/i18n/i18n';
import { showMessage } from '@/shared/toasts/toast-store';

const isLoginRequest = (error: ApiError) => error.method === 'POST' && error.path === '/login';

/**
 * The one error path (SPEC §4, §8): a 401 from any call but POST /login logs out with
 * 'Invalid access_token'; no answer at all shows the network message; anything else shows the
 * translated code with its Params, else the server's ErrorMessage.
 */
export function handleApiError(error: unknown): void {
  if (error instanceof ApiError && error.status === 401 && !isLoginRequest(error)) {
    autoLogout(i18n.t('auth.invalidToken'));
    return;
  }
  if (error instanceof NetworkError) {
    showMessage(i18n.t('auth.networkError'));
    return;
  }
  showMessage(translateError(error));
}

/** The app's query client; `onError` is the one error path (tests pass one that stops with the test). */
export function createQueryClient(onError: (error: unknown) => void = handleApiError): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        retry: (failures, error) => error instanceof NetworkError && failures < 2,
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
