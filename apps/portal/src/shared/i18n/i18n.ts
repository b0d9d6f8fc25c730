import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languageCookie } from '@reelcast/protocol';
import { readStorage, storageKeys, writeStorage } from '@/shared/lib/storage-keys';
import { loadEmotionCache } from '@/shared/theme/emotion-caches';
import { isLanguageId, isRtl, type LanguageId } from './languages';

/**
 * Each language's texts are their own chunk: a first visit downloads only the active one, and a
 * language switch loads the next before it changes.
 */
const locales: Record<LanguageId, () => Promise<Record<string, unknown>>> = {
  en: () => import('./locales/en').then((m) => m.en),
  tr: () => import('./locales/tr').then((m) => m.tr),
  ar: () => import('./locales/ar').then((m) => m.ar),
};

/**
 * The texts of the pages behind the lobby (game, lists, profile, rules, the reconnect dialog): a
 * chunk per language of their own, which the first visit of /login or /lobby does not download.
 */
const pageLocales: Record<LanguageId, () => Promise<Record<string, unknown>>> = {
  en: () => import('./locales/en-pages').then((m) => m.enPages),
  tr: () => import('./locales/tr-pages').then((m) => m.trPages),
  ar: () => import('./locales/ar-pages').then((m) => m.arPages),
};

/** Languages whose first chunk is in i18next (a lazily loaded part may have added its own texts to any). */
const loaded = new Set<LanguageId>();
const pagesLoaded = new Set<LanguageId>();
/** Whether a page has asked for the page texts: from then on a language switch loads them too. */
let pagesWanted = false;
/**
 * Resolves once initI18n has set the first language up. The router starts a route's lazy loading as
 * soon as the app chunk runs, which can be before the texts are initialised (app/main.tsx).
 */
let markInitialized: () => void;
const initialized = new Promise<void>((resolve) => {
  markInitialized = resolve;
});

async function addPageTexts(language: LanguageId): Promise<void> {
  if (pagesLoaded.has(language)) return;
  i18n.addResourceBundle(language, 'translation', await pageLocales[language](), true, false);
  pagesLoaded.add(language);
}

/** The language's texts, and the right-to-left styles for a right-to-left language. */
async function ensureLoaded(language: LanguageId): Promise<void> {
  const styles = loadEmotionCache(isRtl(language) ? 'rtl' : 'ltr');
  const pages = pagesWanted ? addPageTexts(language) : undefined;
  if (!loaded.has(language)) {
    i18n.addResourceBundle(language, 'translation', await locales[language](), true, false);
    loaded.add(language);
  }
  await Promise.all([styles, pages]);
}

/**
 * Loads the page texts of the current language (and of every language switched to later). The lazy
 * routes behind the lobby and the reconnect dialog wait for it together with their own code.
 */
/** Resolves once the first language is set up (texts can be added from then on). */
export const whenTextsReady = (): Promise<void> => initialized;

export async function loadPageTexts(): Promise<void> {
  pagesWanted = true;
  await initialized;
  await addPageTexts(isLanguageId(i18n.language) ? i18n.language : 'en');
}

export const i18n: I18n = i18next.createInstance();

/** Missing keys fail loudly in tests and show up in the console in development. */
function onMissingKey(languages: readonly string[], _ns: string, key: string): void {
  const message = `Missing translation key "${key}" for ${languages.join(', ')}`;
  if (import.meta.env.MODE === 'test') throw new Error(message);
  if (import.meta.env.DEV) console.error(message);
}

/** SPEC §4: the language choice is stored locally; otherwise Settings.json decides (default tr). */
export function pickLanguage(defaultLanguage: LanguageId): LanguageId {
  const stored = readStorage(storageKeys.language);
  return isLanguageId(stored) ? stored : defaultLanguage;
}

/** The direction the player chose in the settings (DirectionProvider); null: the language's. */
let directionOverride: 'ltr' | 'rtl' | null = null;

export function setDirectionOverride(direction: 'ltr' | 'rtl' | null): void {
  directionOverride = direction;
}

/**
 * Mirrors what is shown on <html>: `lang`, and `dir` (the settings' direction when the player chose
 * one, else the language's: right-to-left for Arabic). MUI's portals read `dir` there.
 */
export function applyDocumentLanguage(language: string, doc: Document = document, direction = directionOverride): void {
  doc.documentElement.lang = language;
  doc.documentElement.dir = direction ?? (isRtl(language) ? 'rtl' : 'ltr');
}

export async function initI18n(language: LanguageId): Promise<I18n> {
  if (readStorage(storageKeys.language) === language) mirrorLanguage(language);
  if (!i18n.isInitialized) {
    i18n.on('languageChanged', (lng) => applyDocumentLanguage(lng));
    const [translation] = await Promise.all([locales[language](), loadEmotionCache(isRtl(language) ? 'rtl' : 'ltr')]);
    await i18n.use(initReactI18next).init({
      resources: { [language]: { translation } },
      partialBundledLanguages: true,
      lng: language,
      fallbackLng: false,
      supportedLngs: ['en', 'tr', 'ar'],
      keySeparator: '.',
      nsSeparator: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      saveMissing: true,
      missingKeyHandler: onMissingKey,
      initAsync: false,
    });
    loaded.add(language);
    markInitialized();
  } else if (i18n.language !== language) {
    await ensureLoaded(language);
    await i18n.changeLanguage(language);
  }
  applyDocumentLanguage(language);
  return i18n;
}

/**
 * The language cookie says the player's choice, for the platform, which sends /login and /lobby already
 * rendered in it (docs/architecture.md "First view"): set on a choice, and at start when a choice stored
 * before the cookie existed (or in a browser that lost it) is missing from it.
 */
function mirrorLanguage(language: LanguageId): void {
  if (document.cookie.split('; ').includes(`${languageCookie}=${language}`)) return;
  document.cookie = `${languageCookie}=${language}; path=/; max-age=31536000; samesite=lax`;
}

export async function changeLanguage(language: LanguageId): Promise<void> {
  writeStorage(storageKeys.language, language);
  mirrorLanguage(language);
  await ensureLoaded(language);
  await i18n.changeLanguage(language);
}
