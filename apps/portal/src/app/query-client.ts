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

export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: handleApiError }),
    mutationCache: new MutationCache({ onError: handleApiError }),
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
