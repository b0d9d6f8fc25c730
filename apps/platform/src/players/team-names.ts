import unhomoglyph from 'unhomoglyph';
import { reservedUsernames } from '@reelcast/protocol';

/**
 * The words no player's username or display name may look like: the reserved usernames, and "support",
 * "administrator", "official", "team" and "administration" in the portal's other languages (tr, ar).
 */
const teamWords = [...reservedUsernames, 'destek', 'yönetici', 'yetkili', 'ekip', 'مدير', 'مسؤول', 'دعم', 'الدعم', 'الإدارة'];

/**
 * Letters and digits only, accents and marks dropped, compatibility forms folded (full-width `ＡＤＭＩＮ`
 * → `ADMIN`): what a reader still sees of a name shown small.
 */
const bare = (text: string) => text.normalize('NFKD').replace(/[^\p{L}\p{N}]/gu, '');

/**
 * How a text looks, case by case: its Unicode confusables skeleton (UTS #39's table, through
 * `unhomoglyph`: Cyrillic `А` → `A`, `0` → `O`, `1` and `I` → `l`, `m` → `rn`) as typed, in lower and
 * in upper case. Two texts look alike when one of their skeletons agrees.
 */
const looks = (text: string) => [text, text.toLowerCase(), text.toUpperCase()].map((form) => unhomoglyph(bare(form)));

/** A team word as it may also be written, capitalised (`Info` looks like `lnfo`). */
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const teamLooks = new Set(teamWords.flatMap((word) => [...looks(word), ...looks(capitalised(word))]));

/**
 * Whether a text would pass for a name of the operator's team: the whole of it, or any of its words,
 * looks like a team word, whatever its case, accents and look-alike characters (`Admin`, `ADMIN`,
 * `Аdmin` with a Cyrillic А, `ADM1N`, `r00t`, `Ad min`, `Reelcast Support`).
 */
export function looksLikeTeamName(text: string): boolean {
  const words = text.split(/[^\p{L}\p{N}\p{M}]+/u).filter(Boolean);
  return [text, ...words].some((part) => bare(part) !== '' && looks(part).some((look) => teamLooks.has(look)));
}

/**
 * The field of a new player's account that would pass for the team, if any: the username, the name,
 * the last name, or the display name both make together ('Ad' + 'min'), reported on `name`.
 */
export function teamNameField(account: { username: string; name?: string; lastname?: string }): 'username' | 'name' | 'lastname' | null {
  if (looksLikeTeamName(account.username)) return 'username';
  if (looksLikeTeamName(account.name ?? '')) return 'name';
  if (looksLikeTeamName(account.lastname ?? '')) return 'lastname';
  if (looksLikeTeamName(`${account.name ?? ''} ${account.lastname ?? ''}`)) return 'name';
  return null;
}
