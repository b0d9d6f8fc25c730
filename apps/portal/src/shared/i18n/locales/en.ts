import type { ErrorCode } from '@reelcast/protocol';
import { errorMessages } from '@reelcast/protocol';

/**
 * Codes only the console's money requests answer: tr and ar need not carry their texts in every
 * player's first chunk; they load with the console (features/console/lib/console-error-texts.ts).
 */
type ConsoleOnlyCode = typeof ErrorCode.OwnMoneyRequest | typeof ErrorCode.MoneyRequestDecided;

/**
 * English texts: the source of the translation keys (tr and ar must have every key).
 * Texts quoted by the SPEC are kept exactly, typos included.
 */
export const en = {
  common: {
    appName: 'Reelcast',
    loading: 'Loading...',
    loggingOut: 'Logging out..',
    logo: 'Reelcast logo',
    close: 'Close',
    retry: 'Retry',
  },
  language: {
    label: 'Language',
    en: 'English',
    tr: 'Türkçe',
    ar: 'العربية',
  },
  auth: {
    title: 'Sign in',
    subtitle: 'Play real slot machines from wherever you are.',
    username: 'Email or username',
    password: 'Password',
    rememberMe: 'Remember me',
    submit: 'Login',
    showPassword: 'Show password',
    hidePassword: 'Hide password',
    usernameRequired: 'You must enter your email or username',
    passwordRequired: 'Please enter your password',
    minLength: 'Min character length is 4',
    notAllowed: 'LOGIN is not allowed.',
    tokenNoLongerValid: 'Probably Access Token is no longer valid',
    splashHint: 'Click to continue',
    contactUs: 'Contact us',
    contactTelegram: 'Contact us on Telegram',
    contactWhatsapp: 'Contact us on WhatsApp',
    contactWhatsapp2: 'Contact us on our second WhatsApp line',
    tokenExpired: 'access_token expired',
    invalidToken: 'Invalid access_token',
    networkError: 'Network Error, please check your connection',
    signInFailed: 'Sign-in failed, please log in again.',
  },
  nav: {
    menu: 'Menu',
    lobby: 'Lobby',
    profile: 'Profile',
    slotSessions: 'Slot Sessions',
    transactions: 'Transactions',
    rules: 'Rules',
    logout: 'Logout',
  },
  information: {
    open: 'Information',
    title: 'Information',
    close: 'Close',
    loadFailed: 'The information could not be loaded.',
  },
  footer: {
    infoPages: 'Information pages',
    'password-reset': 'Password Reset Procedure',
    'game-rules-and-content': 'Game Rules and Content',
    'player-protection-information': 'Player Protection Information',
    'terms-of-use': 'Terms of Use',
    'privacy-policy': 'Privacy Policy',
    paytables: 'Paytables',
  },
  search: {
    open: 'Search',
    placeholder: 'Search',
    noResults: 'No results..',
    close: 'Close the search',
    results: 'Pages found',
  },
  shortcuts: {
    toggle: 'Click to add/remove shortcut',
    bar: 'Shortcuts',
  },
  shell: {
    openNavigation: 'Open navigation menu',
    closeNavigation: 'Close navigation menu',
    foldNavigation: 'Fold navigation menu',
    unfoldNavigation: 'Unfold navigation menu',
    skipToContent: 'Skip to content',
    goToLobby: 'Go to the lobby',
    name: 'Name',
    lastname: 'Last name',
    username: 'Username',
    ip: 'IP',
    lastLogin: 'Last login',
    lastLoginIp: 'Last login IP',
    uiVersion: 'UI Version {{version}}',
    themeSettings: 'Theme Settings',
    colorSchemes: 'Theme Color Schemes',
    more: 'More',
  },
  wallet: {
    currentBalance: 'current balance',
    balance: 'Balance',
    showBalance: 'Show balance',
    hideBalance: 'Hide balance',
    hidden: '******',
  },
  lobby: {
    title: 'Lobby',
    jackpots: 'Jackpots',
    hot: 'Hot',
    machineCount: 'Machines: {{count}}',
    showBrand: 'All {{brand}} machines',
    backToLobby: 'Back to the lobby',
    empty: 'No machines to show.',
    loadFailed: 'The lobby could not be loaded.',
    play: 'Play',
    playMachine: 'Play {{name}}',
    machineImage: '{{name}} slot machine',
    reserved: 'Reserved',
    reservedForYou: 'Reserved for you',
    reservedUntil: 'Reserved until {{time}}',
    status: {
      idle: 'Available',
      reserved: 'Reserved',
      playing: 'Playing',
      bonus: 'Bonus',
      waiting: 'Waiting',
      cashout: 'Cashing out',
      error: 'Malfunction',
      offline: 'Offline',
      maintenance: 'Maintenance',
    },
  },
  pages: {
    comingSoonTitle: 'Coming soon!',
    comingSoon: 'This page is on its way. Please check back later.',
    gameTitle: 'Game',
    gameComingSoon: 'The game screen for {{name}} is on its way.',
  },
  promotions: {
    label: 'Promotions',
    discount: 'Discount',
    bonus: 'Bonus',
    weeklyBonus: 'Haftalik Bonus',
    balanceMustBeBelow: 'Your balance must be below {{amount}}',
    oncePerFiveMinutes: 'You can use discount only once per 5 minutes',
    discountGranted: '{{amount}} discount successfully!',
    bonusGranted: '{{amount}} bonus successfully!',
    weeklyGranted: '{{amount}} weakly bonus successfully!',
    warningTitle: 'Önemli Uyarı',
    warningCap: "Haftalık bonusun maksimum ödemesi, aldığınız bonusun 10 katı ve en fazla 100.000 TL'dir.",
    warningAccept:
      'Bonusu hesabınıza eklemeniz bu limiti kabul ettiğiniz anlamına gelir. Limiti kabul etmiyorsanız lütfen bonusu almayınız.',
    warningConfirm: 'Kabul ediyorum',
    warningCancel: 'Vazgeç',
  },
  /** Counted words, nested into texts that count two things ($t(counts.minutes, {"count": …})). */
  counts: {
    seconds_one: '{{count}} second',
    seconds_other: '{{count}} seconds',
    minutes_one: '{{count}} minute',
    minutes_other: '{{count}} minutes',
    attempts_one: '{{count}} attempt',
    attempts_other: '{{count}} attempts',
  },
  errors: {
    notFoundTitle: '404',
    notFound: 'Sorry but we could not find the page you are looking for',
    serverErrorTitle: '500',
    serverError: 'Well, you broke the internet!',
    serverErrorHint: 'Just kidding, looks like we have an internal issue, please try again in couple minutes',
    backToLobby: 'Back to Lobby',
    unknown: 'Something went wrong.',
    codes: {
      ...errorMessages,
      // The protocol's English texts with their counts in the right number ('1 attempt', '2 attempts').
      10700:
        'Wrong username or password. $t(counts.attempts, {"count": {{left_count}}}) left before the account is blocked for $t(counts.minutes, {"count": {{block_time}}}).',
      10702: 'Your account is protected after too many false attempts. Try again in $t(counts.minutes, {"count": {{block_time}}}).',
      42910:
        'You can use this only once per $t(counts.minutes, {"count": {{minutes}}}). Try again in $t(counts.seconds, {"count": {{seconds}}}).',
      // The end of a time-out or self-exclusion in the player's language and the browser's time zone.
      10705: 'You are on a break until {{until, datetime(dateStyle: long; timeStyle: medium)}}.',
      10706: 'You excluded yourself until {{until, datetime(dateStyle: long; timeStyle: medium)}}.',
    } as Record<`${Exclude<keyof typeof errorMessages, ConsoleOnlyCode>}`, string>,
  },
};

/** CLDR plural categories: English has one and other, Turkish the same, Arabic all six. */
export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** English's `x_one` / `x_other` keys become one `x_<category>` key per plural category of the language. */
export type Localized<T, C extends PluralCategory> = {
  [K in keyof T as K extends `${infer Base}_other` ? `${Base}_${C}` : K extends `${string}_one` ? never : K]: T[K] extends string
    ? string
    : Localized<T[K], C>;
};

/** The shape every language must fill in full, with the plural forms of its own categories. */
export type Translations<C extends PluralCategory = 'one' | 'other'> = Localized<typeof en, C>;

/** Arabic counts in six forms (zero, one, two, few 3–10, many 11–99, other 100+). */
export type ArabicTranslations = Translations<PluralCategory>;
