import { createContext, useContext } from 'react';
import { create } from 'zustand';
import type { TokenClaims, UserData } from '@reelcast/protocol';
import type { Role } from '@/shared/lib/authorization';
import { readStorage, storageKeys, writeStorage } from '@/shared/lib/storage-keys';
import { setAccessToken } from './token-storage';

/** SPEC §3 last-login details, from the login or token sign-in answer. */
export type LastLogin = {
  ip_address: string | null;
  last_logon: string | null;
  last_logon_ip: string | null;
};

/** 'loggingOut': the player asked to leave; the role stays until the page reloads (SPEC §4 logout). */
export type SessionStatus = 'checking' | 'guest' | 'authenticated' | 'loggingOut';

export type SessionState = {
  status: SessionStatus;
  /** SPEC §6: [] for guests, ['user'] once signed in. */
  role: Role[];
  user: UserData | null;
  lastLogin: LastLogin | null;
  pinCode: string | null;
  /** The sign-in answer's `pushesFrom`: the notification socket's first connection asks for the pushes since. */
  pushesFrom: string | null;
};

const guest: SessionState = { status: 'guest', role: [], user: null, lastLogin: null, pinCode: null, pushesFrom: null };

export const useSessionStore = create<SessionState>(() => ({ ...guest, status: 'checking' }));

/**
 * The session a page rendered on the server shows (app/lobby-prerender.tsx), where a store's hook reads
 * the store's initial state (zustand's server snapshot); null in the browser.
 */
export const ServerSession = createContext<SessionState | null>(null);

export const useSession = <T>(select: (state: SessionState) => T): T => {
  const server = useContext(ServerSession);
  const value = useSessionStore(select);
  return server ? select(server) : value;
};

export const getSession = (): SessionState => useSessionStore.getState();

export function userFromClaims(claims: TokenClaims): UserData {
  return {
    id: claims.id,
    // Tokens signed before roles existed are players'.
    role: claims.role ?? ['user'],
    username: claims.username,
    name: claims.name,
    lastname: claims.lastname,
    email: claims.email,
    displayName: [claims.name, claims.lastname].filter(Boolean).join(' ') || claims.username,
    type: claims.type,
    Group: claims.Group,
    Permissions: claims.Permissions,
    photoURL: '',
    shortcuts: [],
  };
}

export function readStoredLastLogin(): LastLogin | null {
  const raw = readStorage(storageKeys.lastLogin);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<LastLogin>;
    return {
      ip_address: value.ip_address ?? null,
      last_logon: value.last_logon ?? null,
      last_logon_ip: value.last_logon_ip ?? null,
    };
  } catch {
    return null;
  }
}

export type SignInData = {
  token: string;
  user: UserData;
  lastLogin: LastLogin;
  pinCode: string | null;
  /** Absent from platforms before it was added: the socket then fetches again when it connects. */
  pushesFrom?: string;
};

/**
 * Sets the signed-in user; the token and last-login details survive a reload in localStorage, the
 * latter with the idle lock's PIN verifier (SPEC §4 "a PIN is stored"; never the PIN: docs/pin-lock.md).
 */
export function startSession({ token, user, lastLogin, pinCode, pushesFrom }: SignInData): void {
  setAccessToken(token);
  writeStorage(storageKeys.lastLogin, JSON.stringify({ ...lastLogin, pin_code: pinCode }));
  useSessionStore.setState({
    status: 'authenticated',
    role: user.role.length ? [...user.role] : ['user'],
    user,
    lastLogin,
    pinCode,
    pushesFrom: pushesFrom ?? null,
  });
}

/** The signed-in user's data as the server saved it (a profile save); nothing while signed out. */
export function updateSessionUser(user: UserData): void {
  useSessionStore.setState((state) => (state.user ? { user: { ...state.user, ...user } } : {}));
}

/** Forgets the session: token, last-login details (the PIN verifier with them) and user. */
export function endSession(): void {
  setAccessToken(null);
  writeStorage(storageKeys.lastLogin, null);
  useSessionStore.setState(guest);
}

/**
 * SPEC §4 logout has begun: what lives with the session (notification socket, server data) stops now.
 * The role stays until the page reloads, so the route guard keeps showing 'Logging out..'.
 */
export function beginLogout(): void {
  useSessionStore.setState({ status: 'loggingOut' });
}

export function markGuest(): void {
  useSessionStore.setState(guest);
}

/** Resolves once the app start's token check has decided (SPEC §4): true when a player is signed in. */
export function whenSignedIn(): Promise<boolean> {
  return new Promise((resolve) => {
    const settle = ({ status }: SessionState) => {
      if (status === 'checking') return false;
      resolve(status === 'authenticated');
      return true;
    };
    if (settle(getSession())) return;
    const unsubscribe = useSessionStore.subscribe((state) => {
      if (settle(state)) unsubscribe();
    });
  });
}
