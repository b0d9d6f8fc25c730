/**
 * The browser notices' texts in en, tr and ar (SPEC §1 "Browser checks"). Plain data: the notice
 * registers them when its code loads (components/browser-notice.tsx), and the end-to-end tests read them.
 */
export const noticeTexts = {
  en: {
    noWebrtc: {
      title: 'WebRTC is not supported',
      body: 'Live play needs WebRTC, and this browser does not offer it.',
      enable: 'Check that WebRTC is enabled in your browser’s settings.',
      vpn: 'Some VPNs do not support the protocol: if you use one, turn it off or try another connection.',
    },
    recommend: {
      title: 'Please use Chrome or Safari',
      body: 'This browser is not supported. We recommend Google Chrome or Safari for live play.',
      chrome: 'Download Google Chrome',
      safari: 'Download Safari',
      safariNote: 'Safari comes with Apple devices (Mac, iPhone and iPad).',
    },
  },
  tr: {
    noWebrtc: {
      title: 'WebRTC desteklenmiyor',
      body: 'Canlı oyun WebRTC gerektirir ve bu tarayıcı bunu sunmuyor.',
      enable: 'Tarayıcınızın ayarlarında WebRTC’nin etkin olduğunu kontrol edin.',
      vpn: 'Bazı VPN’ler bu protokolü desteklemez: kullanıyorsanız kapatın veya başka bir bağlantı deneyin.',
    },
    recommend: {
      title: 'Lütfen Chrome veya Safari kullanın',
      body: 'Bu tarayıcı desteklenmiyor. Canlı oyun için Google Chrome veya Safari öneriyoruz.',
      chrome: 'Google Chrome’u indirin',
      safari: 'Safari’yi indirin',
      safariNote: 'Safari, Apple cihazlarıyla (Mac, iPhone ve iPad) birlikte gelir.',
    },
  },
  ar: {
    noWebrtc: {
      title: 'تقنية WebRTC غير مدعومة',
      body: 'يتطلب اللعب المباشر تقنية WebRTC، وهذا المتصفح لا يوفرها.',
      enable: 'تحقق من تفعيل WebRTC في إعدادات متصفحك.',
      vpn: 'بعض شبكات VPN لا تدعم هذا البروتوكول: إن كنت تستخدم إحداها فأوقفها أو جرّب اتصالًا آخر.',
    },
    recommend: {
      title: 'يرجى استخدام Chrome أو Safari',
      body: 'هذا المتصفح غير مدعوم. نوصي باستخدام Google Chrome أو Safari للعب المباشر.',
      chrome: 'تنزيل Google Chrome',
      safari: 'تنزيل Safari',
      safariNote: 'يأتي Safari مع أجهزة Apple ‏(Mac وiPhone وiPad).',
    },
  },
};
