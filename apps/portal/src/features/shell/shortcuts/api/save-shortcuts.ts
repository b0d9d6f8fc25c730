import { useMutation } from '@tanstack/react-query';
import { updateUser } from '@/shared/api/update-user';
import { getSession, updateSessionUser } from '@/shared/session/session-store';

/** The signed-in user's shortcut list in the session (what the bar shows); nothing while signed out. */
function showShortcuts(shortcuts: readonly string[]): void {
  const { user } = getSession();
  if (user) updateSessionUser({ ...user, shortcuts: [...shortcuts] });
}

/** The list the server last confirmed, while saves are in flight. */
let confirmed: readonly string[] = [];
let inFlight = 0;

/**
 * SPEC §3 shortcuts saved with the user (POST /api/auth/user/update `{ user: { shortcuts } }`). A
 * toggle shows at once; the saves go out one after another (the server keeps the last), and once none
 * is left in flight the bar shows what the server confirmed: a failed save is rolled back, its
 * message shown by the one error path (app/query-client.ts).
 */
export function useToggleShortcut() {
  const save = useMutation({
    mutationKey: ['player', 'user', 'shortcuts'],
    scope: { id: 'shortcuts' },
    mutationFn: (shortcuts: string[]) => updateUser({ user: { shortcuts } }),
    onSuccess: (saved) => {
      confirmed = saved.shortcuts;
    },
    onSettled: () => {
      inFlight -= 1;
      if (inFlight === 0) showShortcuts(confirmed);
    },
  });
  return (id: string) => {
    const current = getSession().user?.shortcuts;
    if (!current) return;
    // The new list is saved (the template saved the one before the click).
    const next = current.includes(id) ? current.filter((shortcut) => shortcut !== id) : [...current, id];
    if (inFlight === 0) confirmed = current;
    inFlight += 1;
    showShortcuts(next);
    save.mutate(next);
  };
}
