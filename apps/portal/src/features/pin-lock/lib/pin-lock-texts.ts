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
    hint: 'Your default PIN code: {{secret}}. If you do not know your PIN, log out and contact support.',
    showPin: 'Show my PIN',
    hidePin: 'Hide my PIN',
    password: 'Your account password',
    showPinSubmit: 'Show',
    wrongPassword: 'Wrong password.',
    tooManyPasswords: 'Too many wrong passwords. Try again later.',
    pinNotKept: 'Your PIN cannot be shown here: log out and contact support.',
    pinFailed: 'Your PIN could not be fetched: check your connection and try again.',
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
    hint: 'Varsayılan PIN kodunuz: {{secret}}. PIN kodunuzu bilmiyorsanız çıkış yapın ve destek ekibine başvurun.',
    showPin: 'PIN kodumu göster',
    hidePin: 'PIN kodumu gizle',
    password: 'Hesap şifreniz',
    showPinSubmit: 'Göster',
    wrongPassword: 'Şifre yanlış.',
    tooManyPasswords: 'Çok fazla yanlış şifre. Daha sonra tekrar deneyin.',
    pinNotKept: 'PIN kodunuz burada gösterilemiyor: çıkış yapın ve destek ekibine başvurun.',
    pinFailed: 'PIN kodunuz alınamadı: bağlantınızı kontrol edip tekrar deneyin.',
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
    hint: 'رمز PIN الافتراضي الخاص بك: {{secret}}. إن كنت لا تعرف رمز PIN، فسجّل الخروج وتواصل مع فريق الدعم.',
    showPin: 'أظهر رمز PIN',
    hidePin: 'أخفِ رمز PIN',
    password: 'كلمة مرور حسابك',
    showPinSubmit: 'إظهار',
    wrongPassword: 'كلمة المرور غير صحيحة.',
    tooManyPasswords: 'محاولات خاطئة كثيرة. حاول مرة أخرى لاحقًا.',
    pinNotKept: 'لا يمكن إظهار رمز PIN هنا: سجّل الخروج وتواصل مع فريق الدعم.',
    pinFailed: 'تعذر جلب رمز PIN: تحقق من اتصالك وحاول مرة أخرى.',
  },
};

/**
 * What fills SPEC §9's "Default pin code hint {secret}" (the Turkish `hint` above, en and ar its
 * translations) until the player shows their PIN with their password (docs/pin-lock.md "Showing the PIN").
 */
export const MASKED_PIN = '••••';
