/**
 * The IP check's texts in en, tr and ar (SPEC §2 "Blocked-country screen", §4 "IP check"; the English
 * ones exactly as SPEC has them, its typo included). Plain data: the gate registers them when its code
 * loads (components/ip-gate.tsx), and the end-to-end tests read them.
 */
export const ipCheckTexts = {
  en: {
    checking: 'Your IP address is being checked',
    blockedTitle: 'Access restricted',
    blocked:
      'We see that you are connecting from {{country}} with {{ip}} address. Unfortunately, you are not among the permitted countries.',
    networkError: 'error on network connection please reflesh your page',
    reload: 'Reload',
  },
  tr: {
    checking: 'IP adresiniz kontrol ediliyor',
    blockedTitle: 'Erişim kısıtlı',
    blocked: '{{country}} konumundan {{ip}} adresiyle bağlandığınızı görüyoruz. Maalesef izin verilen ülkeler arasında değilsiniz.',
    networkError: 'Ağ bağlantısında hata, lütfen sayfanızı yenileyin',
    reload: 'Yenile',
  },
  ar: {
    checking: 'جارٍ التحقق من عنوان IP الخاص بك',
    blockedTitle: 'الوصول مقيّد',
    blocked: 'نرى أنك تتصل من {{country}} بالعنوان {{ip}}. للأسف، أنت لست من بين الدول المسموح بها.',
    networkError: 'خطأ في اتصال الشبكة، يرجى تحديث الصفحة',
    reload: 'إعادة التحميل',
  },
};
