import type { PlayerRole } from '@reelcast/protocol';

/** An account as the chat's rule sees it. */
export interface ChatPerson {
  id: number;
  role: PlayerRole;
  banned: boolean;
}

/** The operator's team: staff and admin accounts (SPEC §6). */
export const isTeam = (role: PlayerRole) => role === 'staff' || role === 'admin';

/**
 * Who may talk to whom (docs/chat.md): a player's contacts are the team; a team member's are the rest
 * of the team and the players who wrote to them (`wroteToMe`: their chat holds a message from `other`).
 * No one is their own contact, a banned account is no one's, and two players never reach each other.
 */
export function mayTalk(me: ChatPerson, other: ChatPerson, wroteToMe: boolean): boolean {
  if (me.id === other.id || other.banned) return false;
  if (!isTeam(me.role)) return isTeam(other.role);
  return isTeam(other.role) || wroteToMe;
}
