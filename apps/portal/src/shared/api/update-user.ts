import { accountUser, type AccountUser, type UserUpdateRequest } from '@reelcast/protocol';
import { request } from './api-client';

/**
 * POST /api/auth/user/update (SPEC §7): saves the fields given (shortcuts, settings) and answers the
 * updated user data. Shared: the profile's settings, the shell's settings and its shortcuts save through it.
 */
export function updateUser(body: UserUpdateRequest): Promise<AccountUser> {
  return request('/api/auth/user/update', accountUser, { method: 'POST', body });
}
