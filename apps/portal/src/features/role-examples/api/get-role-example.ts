import { queryOptions, useQuery } from '@tanstack/react-query';
import { roleExampleAnswer, type RoleExampleAnswer, type RoleExampleName } from '@reelcast/protocol';
import { request } from '@/shared/api/api-client';

/** GET /api/auth/role-example/:role: who the signed-in account is, if the server finds its role on the page's list (else 403 / 40300). */
export function getRoleExample(role: RoleExampleName, { signal }: { signal?: AbortSignal } = {}): Promise<RoleExampleAnswer> {
  return request(`/api/auth/role-example/${role}`, roleExampleAnswer, { signal });
}

export const roleExampleQueryOptions = (role: RoleExampleName) =>
  queryOptions({
    queryKey: ['auth', 'role-example', role] as const,
    queryFn: ({ signal }) => getRoleExample(role, { signal }),
    // The role as it is now on the server: asked on each visit.
    staleTime: 0,
    retry: false,
  });

export const useRoleExample = (role: RoleExampleName) => useQuery(roleExampleQueryOptions(role));
