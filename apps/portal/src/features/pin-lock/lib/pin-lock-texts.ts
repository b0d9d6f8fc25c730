/**
 * The idle lock's texts in en, tr and ar (SPEC §2 "Idle dialog", §8 'LOCKED !' with the protection
 * message). Plain data: lib/use-pin-lock-texts.ts registers them when the dialog's code loads, and
 * the end-to-end tests read them. 'LOCKED !' is the SPEC's text in every language, as the game's
 * 'Deactivated Detected' is.
 */
export const pinLockTexts = {
  en: {
    title: 'Screen locked',
    description: 'You have been away for a while. Enter your PIN to go on.',
    locked: 'LOCKED !',
    protection: 'Your session is locked to protect your account while you are away.',
    pin: 'PIN',
    unlock: 'Unlock',
    checking: 'Checking the PIN…',
    logout: 'Logout',
    loggingOut: 'Logging out…',
    emptyPin: 'Enter your PIN.',
    wrongPin: 'Wrong PIN. $t(counts.attempts, {"count": {{left}}}) left before you are logged out.',
    tooMany: 'Too many wrong PINs: you are being logged out.',
    failed: 'The PIN could not be checked: check your connection and try again.',
    logoutFailed: 'You could not be logged out: check your connection and try again.',
  },
  tr: {
    title: 'Ekran kilitlendi',
    description: 'Bir süredir işlem yapmadınız. Devam etmek için PIN kodunuzu girin.',
    locked: 'LOCKED !',
    protection: 'Siz yokken hesabınızı korumak için oturumunuz kilitlendi.',
    pin: 'PIN kodu',
    unlock: 'Kilidi aç',
    checking: 'PIN kontrol ediliyor…',
    logout: 'Çıkış',
    loggingOut: 'Çıkış yapılıyor…',
    emptyPin: 'PIN kodunuzu girin.',
    wrongPin: 'Yanlış PIN. Oturumunuz kapatılmadan önce $t(counts.attempts, {"count": {{left}}}) kaldı.',
    tooMany: 'Çok fazla yanlış PIN: oturumunuz kapatılıyor.',
    failed: 'PIN kontrol edilemedi: bağlantınızı kontrol edip tekrar deneyin.',
    logoutFailed: 'Çıkış yapılamadı: bağlantınızı kontrol edip tekrar deneyin.',
  },
  ar: {
    title: 'تم قفل الشاشة',
    description: 'لقد غبت لبعض الوقت. أدخل رمز PIN للمتابعة.',
    locked: 'LOCKED !',
    protection: 'تم قفل جلستك لحماية حسابك أثناء غيابك.',
    pin: 'رمز PIN',
    unlock: 'فتح القفل',
    checking: 'جارٍ التحقق من رمز PIN…',
    logout: 'تسجيل الخروج',
    loggingOut: 'جارٍ تسجيل الخروج…',
    emptyPin: 'أدخل رمز PIN.',
    wrongPin: 'رمز PIN غير صحيح. تبقى لديك $t(counts.attempts, {"count": {{left}}}) قبل تسجيل خروجك.',
    tooMany: 'محاولات خاطئة كثيرة: جارٍ تسجيل خروجك.',
    failed: 'تعذر التحقق من رمز PIN: تحقق من اتصالك وحاول مرة أخرى.',
    logoutFailed: 'تعذر تسجيل خروجك: تحقق من اتصالك وحاول مرة أخرى.',
  },
};

/**
 * SPEC §9 "Default pin code hint {secret}", in Turkish whatever the language. The platform never
 * sends the PIN (only its verifier), so {secret} is filled with MASKED_PIN: the hint says a PIN was
 * given and how to get it, never the PIN (docs/pin-lock.md).
 */
export const DEFAULT_PIN_HINT = 'Varsayılan PIN kodunuz: {secret}. PIN kodunuzu bilmiyorsanız çıkış yapın ve destek ekibine başvurun.';
export const MASKED_PIN = '••••';
