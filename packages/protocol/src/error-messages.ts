import type { ErrorCode } from './codes.ts';
import { formatMinor } from './money-format.ts';
import { protectionMessages, type ProtectionPageCode } from './protection-messages.ts';

/**
 * English texts for every code but the player-protection ones (protection-messages.ts); the portal
 * translates by code and falls back to these. Apart from `ErrorCode`: the portal needs the codes on its
 * first view and these texts only in English, so a Turkish or Arabic first visit does not download them.
 */
export const errorMessages: Record<Exclude<ErrorCode, ProtectionPageCode>, string> = {
  10700: 'Wrong username or password. {{left_count}} attempts left before the account is blocked for {{block_time}} minutes.',
  10701: 'Username or password is wrong.',
  10702: 'Your account is protected after too many false attempts. Try again in {{block_time}} minutes.',
  10703: 'Your IP is not permitted.',
  10704: 'You have been banned.',
  50100: 'Session terminated, cannot process transaction.',
  10: 'Signature not verified.',
  40000: 'Invalid request.',
  20000: 'Request successful.',
  40001: 'Old password is wrong.',
  40101: 'Password is too short.',
  70000: 'Failed to start pipeline, contact technical team.',
  18800: 'seconds left to deposit funds',
  18801: 'Session is being terminated.',
  18802: 'seconds left to continue',
  40002: 'Insufficient funds.',
  40003: 'This idempotency key was already used for a different request.',
  40400: 'Not found.',
  41300: 'Request body is too large.',
  42900: 'Too many requests.',
  40900: 'The machine is being played by someone else.',
  40901: 'This transfer is already resolved.',
  50000: 'Internal error.',
  40310: 'This promotion is not available.',
  42910: 'You can use this only once per {{minutes}} minutes. Try again in {{seconds}} seconds.',
  40910: 'Your balance must be below {{amount}}',
  40911: 'There is no loss to give a rebate on yet.',
  40912: 'You have already received the weekly bonus this week.',
  40913: 'Please cash out from the machine first.',
  40102: 'This password is too easy to guess.',
  40300: 'Your account does not have the role this needs.',
  40311: 'Registration is closed. Ask the operator for an account.',
  40320: 'A second admin must approve this request: you made it.',
  40950: 'This request was already decided.',
  40930: 'This username or e-mail address has an account now. Register again, or sign in.',
  41000: 'This call no longer exists.',
  41001: 'This link has expired or was already used. Ask for a new one.',
  40920: 'Not enough credit on the machine.',
  40921: 'The machine is locked until an attendant settles its hand pay.',
  40922: 'The machine is not in play.',
  40923: 'The bet is already at its limit.',
  40924: 'Stop autoplay first.',
  40925: 'The credit would go above the machine limit.',
  40926: 'There is no credit to collect.',
  10705: 'You are on a break until {{until}}.',
  10706: 'You excluded yourself until {{until}}.',
};

/** Params whose value is an amount in minor units: shown as currency units with two decimals. */
const amountParams = new Set(['amount', 'balance', 'limit', 'remaining']);

/**
 * The English text of a code with its Params filled in, for a person to read (the platform's
 * `ErrorMessage`, the CLI). A number is followed by a noun in the texts; for 1 the noun is singular.
 *
 * @example
 * errorText(ErrorCode.WrongPassword, { left_count: 1, block_time: 15 })
 * // 'Wrong username or password. 1 attempt left before the account is blocked for 15 minutes.'
 */
export function errorText(code: ErrorCode, params: Record<string, string | number> = {}): string {
  const template = (errorMessages as Partial<Record<ErrorCode, string>>)[code] ?? protectionMessages[code as ProtectionPageCode] ?? 'Error';
  return template.replace(/\{\{(\w+)\}\}( ([a-z]+))?/g, (_match, name: string, _noun?: string, noun?: string) => {
    const value = params[name];
    const shown = value === undefined ? '?' : amountParams.has(name) && typeof value === 'number' ? formatMinor(value) : String(value);
    if (!noun) return shown;
    return `${shown} ${value === 1 && noun.endsWith('s') ? noun.slice(0, -1) : noun}`;
  });
}
