/** Every localStorage key the portal uses, in one place. */
export const storageKeys = {
  /** SPEC §4: the access token. */
  accessToken: 'jwt_access_token',
  /** SPEC §4: the language choice (en, tr, ar). */
  language: 'language',
  /** SPEC §4: remember-me; holds the remembered username. */
  rememberMe: 'remember_me',
  /** Last-login details of the current session (ip_address, last_logon, last_logon_ip, pin_code: the PIN's verifier, docs/pin-lock.md). */
  lastLogin: 'last_login',
  /**
   * SPEC §4 idle lock: set while the screen is locked, shared by the browser's tabs:
   * `{ session: the token's jti, failures: wrong PINs so far }` (features/pin-lock/lib/lock-state.ts).
   */
  pinLock: 'pin_lock',
  /** The idle lock's last activity in any tab (ms since 1970), so a tab in the background does not lock the one in use. */
  pinLockActivity: 'pin_lock_activity',
  /** Whether the toolbar shows the balance (wallet toggle). */
  showBalance: 'show_balance',
  /**
   * SPEC §4 theme and layout settings: a guest's (`settings.guest`), and this browser's copy of each
   * signed-in player's (`settings.{id}`), so a reload starts in them before the server answers.
   */
  settings: (owner: 'guest' | number) => `settings.${owner}`,
  /** Set while a signed-in player's copy in this browser has changes the server has not confirmed. */
  settingsUnsent: (playerId: number) => `settings.${playerId}.unsent`,
} as const;

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Private mode or a full quota: the app keeps working without persistence.
  }
}
