import type { SessionItem } from '@reelcast/protocol';

/** A brand and how many of the counted sessions were played on its machines. */
export type FavouriteBrand = { brand: string; sessions: number };

/**
 * The brand the player sat at most often among `sessions` (newest first, as the API gives them);
 * a tie goes to the brand played most recently. `null` without sessions.
 */
export function favouriteBrand(sessions: readonly SessionItem[]): FavouriteBrand | null {
  const counts = new Map<string, number>();
  for (const session of sessions) counts.set(session.brand, (counts.get(session.brand) ?? 0) + 1);
  let best: FavouriteBrand | null = null;
  // Map keeps first-seen order, newest first: a later brand must beat the count to win.
  for (const [brand, count] of counts) if (!best || count > best.sessions) best = { brand, sessions: count };
  return best;
}

/** Initials for an avatar without a photo: first letters of name and last name in the language's upper case, else of the username. */
export function initialsOf(user: { name: string; lastname: string; username: string }, language: string): string {
  const letters = [user.name, user.lastname].map((part) => [...part.trim()][0] ?? '').join('') || ([...user.username][0] ?? '?');
  return letters.toLocaleUpperCase(language);
}
