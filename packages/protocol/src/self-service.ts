import { z } from 'zod/mini';
import { registrationLimits } from './player-protection.ts';
import { ErrorCode } from './codes.ts';
import { playerRole, type PlayerRole } from './auth.ts';
import { documented } from './meta.ts';
import { languageId } from './settings.ts';

/**
 * Self-service accounts (docs/self-service.md): registration confirmed by mail, password reset by a
 * mailed link, and the role examples' server check. No answer ever says whether an account exists:
 * a registration and a reset request that pass the form's own checks answer the same 202
 * {@link checkYourMailAnswer} whatever the accounts are, and the rest happens by mail.
 *
 * @example
 * const { open, passwordMinLength } = registrationState.parse(await api.get('/api/auth/register'))
 * await api.post('/api/auth/register', { username: 'ayse', email: 'ayse@example.com', password: 'kirmizi-balon-42', language: 'tr' })
 * // → 202 { status: true, code: 20000, next: 'mail-confirm' }: show /pages/auth/mail-confirm
 * await api.post('/api/auth/register/confirm', { token }) // the token of the mailed link
 * await api.post('/api/auth/forgot-password', { login: 'ayse' })
 * await api.post('/api/auth/reset-password', { token, password: 'yeni-parola-2025' })
 */

/** A new password (registration, reset) has at least this many characters (Unicode code points). */
export const NEW_PASSWORD_MIN_LENGTH = 8;
/** Longest password accepted anywhere. */
export const PASSWORD_MAX_LENGTH = 256;
export const USERNAME_MIN_LENGTH = 4;
export const USERNAME_MAX_LENGTH = 32;
export const EMAIL_MAX_LENGTH = 254;

/** Text a person could type: no control characters. */
const noControl = z.regex(/^[^\p{Cc}\p{Cs}]*$/u, 'control characters are not allowed');

/**
 * Names a registration may not take: they would pass for the operator's team in the chat or a mail.
 * The server also refuses any that looks like one of them (apps/platform players/team-names.ts).
 */
export const reservedUsernames: ReadonlySet<string> = new Set([
  'admin',
  'administrator',
  'root',
  'staff',
  'support',
  'system',
  'operator',
  'reelcast',
  'moderator',
  'help',
  'info',
  'security',
  'postmaster',
  'webmaster',
  'noreply',
  'no-reply',
]);

/** A username a person can register: 4 to 32 letters, digits, `.`, `_`, `-`, starting with a letter or digit; no `@`. */
export const newUsername = documented(
  z.string().check(
    z.trim(),
    z.minLength(USERNAME_MIN_LENGTH),
    z.maxLength(USERNAME_MAX_LENGTH),
    z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'letters, digits, . _ - only, starting with a letter or digit'),
    z.refine((name: string) => !reservedUsernames.has(name.toLowerCase()), 'this name is reserved'),
  ),
  { description: `${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} letters, digits, . _ -; starts with a letter or digit` },
);

/**
 * An e-mail address: one `@`, a dot in the domain, no spaces (what a mail server can be asked to deliver;
 * whether it exists shows when the mail arrives). Trimmed.
 */
export const emailAddress = documented(
  z
    .string()
    .check(
      z.trim(),
      z.minLength(3),
      z.maxLength(EMAIL_MAX_LENGTH),
      z.regex(/^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/u, 'not a valid e-mail address'),
    ),
  { description: 'An e-mail address' },
);

/** A password as sent: its strength is the server's check ({@link passwordProblem}), so the answer carries 40101 / 40102. */
const passwordText = z.string().check(z.minLength(1), z.maxLength(PASSWORD_MAX_LENGTH), noControl);

const optionalName = z.optional(z.string().check(z.trim(), z.maxLength(64), noControl));

/** The language of the mails (en, tr, ar); default tr, the portal's default. */
const mailLanguage = documented(z.optional(languageId), { description: "The mails' language: en, tr or ar (default tr)" });

/** GET /api/auth/register: whether the operator opened registration (REGISTRATION_OPEN), and the form's rules. */
export const registrationState = z.object({
  open: z.boolean(),
  passwordMinLength: z.int(),
  usernameMinLength: z.int(),
  usernameMaxLength: z.int(),
  /** Settings.json `playerProtection.limitsMandatory`: the form must give a daily, weekly and monthly cash-in limit. */
  limitsMandatory: z.boolean(),
});
export type RegistrationState = z.infer<typeof registrationState>;

/**
 * POST /api/auth/register (SPEC §7 legacy call, now real). Beyond this schema the server refuses a
 * username or a name that looks like a name of the team, whatever its case or look-alike characters
 * (400 / 40000 with `Params.field`; docs/self-service.md "Names of the team").
 */
export const registerRequest = z.strictObject({
  username: newUsername,
  email: emailAddress,
  password: passwordText,
  name: optionalName,
  lastname: optionalName,
  language: mailLanguage,
  /** The player's own limits (docs/player-protection.md), set when the account opens; required when the operator makes them mandatory. */
  limits: z.optional(registrationLimits),
});
export type RegisterRequest = z.input<typeof registerRequest>;

/**
 * 202 of a registration or a reset request that passed the form's checks, whatever the accounts are:
 * the portal shows /pages/auth/mail-confirm. What the mail says depends on the accounts; the answer never does.
 */
export const checkYourMailAnswer = z.object({
  status: z.literal(true),
  code: z.literal(ErrorCode.Success),
  next: documented(z.literal('mail-confirm'), { description: 'Show /pages/auth/mail-confirm: "check your mail"' }),
});
export type CheckYourMailAnswer = z.infer<typeof checkYourMailAnswer>;

/** A token of a mailed link (`?token=` of /pages/auth/mail-confirm and /pages/auth/reset-password). */
export const mailToken = documented(z.string().check(z.trim(), z.minLength(1), z.maxLength(128), noControl), {
  description: "The `token` of the mailed link's query",
});

/** POST /api/auth/register/confirm: the page of the mailed link sends its token. */
export const registerConfirmRequest = z.strictObject({ token: mailToken });
export type RegisterConfirmRequest = z.infer<typeof registerConfirmRequest>;

/** The account exists now, with a wallet at 0: the page asks the player to sign in (`next: 'login'`). */
export const registerConfirmAnswer = z.object({
  status: z.literal(true),
  code: z.literal(ErrorCode.Success),
  username: z.string(),
  next: documented(z.literal('login'), { description: 'Sign in with the username (or e-mail) and the chosen password' }),
});
export type RegisterConfirmAnswer = z.infer<typeof registerConfirmAnswer>;

/** POST /api/auth/forgot-password: a username or an e-mail address. */
export const forgotPasswordRequest = z.strictObject({
  login: documented(z.string().check(z.trim(), z.minLength(1), z.maxLength(EMAIL_MAX_LENGTH), noControl), {
    description: 'Username or e-mail address',
  }),
  language: mailLanguage,
});
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequest>;

/** POST /api/auth/reset-password: the mailed link's token and the new password. */
export const resetPasswordRequest = z.strictObject({ token: mailToken, password: passwordText });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

/** The password is set; every session of the player was signed out (`revokedSessions`) and a login block lifted. */
export const resetPasswordAnswer = z.object({
  status: z.literal(true),
  code: z.literal(ErrorCode.Success),
  username: z.string(),
  revokedSessions: z.int(),
  next: z.literal('login'),
});
export type ResetPasswordAnswer = z.infer<typeof resetPasswordAnswer>;

/** GET /api/auth/reset-password/check?token=: whether the link still works, so the page can say so before the player types. */
export const resetTokenCheckQuery = z.strictObject({ token: mailToken });
export const resetTokenCheckAnswer = z.object({
  valid: documented(z.boolean(), { description: 'False for a link that expired, was used, was replaced by a newer one, or never existed' }),
  expiresAt: documented(z.nullable(z.string()), { description: 'ISO time the link stops working (null when not valid)' }),
});
export type ResetTokenCheckAnswer = z.infer<typeof resetTokenCheckAnswer>;

/** SPEC §6 role lists: who may see a route that declares one. `onlyGuest` is empty: unauthenticated only. */
export const authRoleLists = {
  admin: ['admin'],
  staff: ['admin', 'staff'],
  user: ['admin', 'staff', 'user'],
  onlyGuest: [],
} as const satisfies Record<string, readonly PlayerRole[]>;

/** The role examples the server checks (GET /api/auth/role-example/:role). */
export const roleExampleNames = ['admin', 'staff'] as const;
export const roleExampleParams = z.strictObject({ role: z.enum(roleExampleNames) });
export type RoleExampleName = (typeof roleExampleNames)[number];

/** 200 for an account holding one of the page's roles: who you are, checked on the server. */
export const roleExampleAnswer = z.object({
  page: z.enum(roleExampleNames),
  allowed: documented(z.array(playerRole), { description: 'The SPEC §6 role list of the page' }),
  user: z.object({
    id: z.int(),
    username: z.string(),
    displayName: z.string(),
    role: z.array(playerRole),
  }),
});
export type RoleExampleAnswer = z.infer<typeof roleExampleAnswer>;

/** Why a new password is refused: 40101 `too-short`, else 40102 with this as `Params.reason`. */
export type PasswordProblem = 'too-short' | 'common' | 'username' | 'email' | 'repetitive';

/**
 * Passwords that are tried first by anyone guessing (lists of leaked passwords, with Turkish favourites).
 * Compared in lower case; a password that is one of these with digits or `!` after it is refused too.
 */
const commonPasswords: ReadonlySet<string> = new Set([
  'password',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'parola',
  'sifre',
  'şifre',
  'qwerty',
  'qwertyuiop',
  'asdfgh',
  'asdfghjkl',
  'zxcvbnm',
  'azerty',
  '1q2w3e4r',
  '1q2w3e4r5t',
  '1qaz2wsx',
  'qazwsx',
  'abc123',
  'abcdef',
  'abcdefg',
  'abcdefgh',
  '123qwe',
  'qwe123',
  'iloveyou',
  'seniseviyorum',
  'welcome',
  'letmein',
  'monkey',
  'dragon',
  'master',
  'shadow',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'superman',
  'batman',
  'trustno1',
  'login',
  'admin',
  'administrator',
  'changeme',
  'secret',
  'default',
  'guest',
  'hello',
  'freedom',
  'whatever',
  'starwars',
  'pokemon',
  'galatasaray',
  'fenerbahce',
  'fenerbahçe',
  'besiktas',
  'beşiktaş',
  'trabzonspor',
  'istanbul',
  'ankara',
  'izmir',
  'turkiye',
  'türkiye',
  'jackpot',
  'casino',
  'slots',
  'reelcast',
  'bonus',
  'kazan',
  'kazanc',
  'poker',
  'lucky',
  'money',
  'google',
  'facebook',
  'instagram',
  'samsung',
  'computer',
  'internet',
  'michael',
  'jordan',
  'charlie',
  'killer',
  'mustafa',
  'mehmet',
  'ahmet',
  'fatma',
  'ayse',
  'ayşe',
]);

/** Only digits (or `!`) after a common word: 'password123', 'galatasaray1905!'. */
const commonWithSuffix = /^(.*?)[\d!.]*$/u;

/**
 * Whether a new password may be used: at least {@link NEW_PASSWORD_MIN_LENGTH} characters, not one of the
 * commonest passwords (nor one with digits after it, nor a run of digits like '12345678'), not the
 * username or the e-mail address (nor containing them), and at least 4 different characters. Null when
 * it may. The server decides (40101, 40102 with `Params.reason`); a form may check first with this.
 *
 * @example
 * passwordProblem('galatasaray1905', { username: 'ayse', email: 'ayse@example.com' }) // 'common'
 */
export function passwordProblem(password: string, account: { username?: string; email?: string }): PasswordProblem | null {
  const characters = [...password];
  if (characters.length < NEW_PASSWORD_MIN_LENGTH) return 'too-short';
  const lowered = password.toLowerCase();
  const username = account.username?.trim().toLowerCase() ?? '';
  if (username.length >= 3 && lowered.includes(username)) return 'username';
  const email = account.email?.trim().toLowerCase() ?? '';
  const mailbox = email.split('@')[0] ?? '';
  if (email && (lowered.includes(email) || (mailbox.length >= 3 && lowered.includes(mailbox)))) return 'email';
  if (new Set(characters.map((c) => c.toLowerCase())).size < 4) return 'repetitive';
  const word = commonWithSuffix.exec(lowered)?.[1] ?? lowered;
  if (commonPasswords.has(lowered) || commonPasswords.has(word) || isRunOfDigits(lowered)) return 'common';
  return null;
}

/** Only digits, each one more (or one less) than the one before: '12345678', '98765432', '01234567890'. */
function isRunOfDigits(text: string): boolean {
  if (!/^\d+$/.test(text)) return false;
  const steps = new Set([...text].slice(1).map((digit, i) => (Number(digit) - Number(text[i]) + 10) % 10));
  return steps.size === 1 && (steps.has(1) || steps.has(9));
}
