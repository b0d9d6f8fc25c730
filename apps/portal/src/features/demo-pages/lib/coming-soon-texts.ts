import { defineLazyTexts } from '@/shared/i18n/lazy-texts';

/** /pages/coming-soon's texts: they load with the page. */
export const useComingSoonTexts = defineLazyTexts('comingSoon', {
  en: {
    title: 'Coming soon!',
    lead: 'We are preparing something new for you.',
    until: 'It opens on {{date}}.',
    noDate: 'No opening date has been set yet. Check back later.',
    arrived: 'The wait is over: it opened on {{date}}.',
    countdown: 'Time left',
    units: { days: 'Days', hours: 'Hours', minutes: 'Minutes', seconds: 'Seconds' },
    left: '{{time}} left',
    underAMinute: 'Less than a minute left',
    announceArrived: 'The countdown has ended.',
  },
  tr: {
    title: 'Çok yakında!',
    lead: 'Sizin için yeni bir şey hazırlıyoruz.',
    until: '{{date}} tarihinde açılıyor.',
    noDate: 'Henüz bir açılış tarihi belirlenmedi. Daha sonra tekrar bakın.',
    arrived: 'Bekleyiş sona erdi: {{date}} tarihinde açıldı.',
    countdown: 'Kalan süre',
    units: { days: 'Gün', hours: 'Saat', minutes: 'Dakika', seconds: 'Saniye' },
    left: '{{time}} kaldı',
    underAMinute: 'Bir dakikadan az kaldı',
    announceArrived: 'Geri sayım sona erdi.',
  },
  ar: {
    title: 'قريبًا!',
    lead: 'نُعِدّ لك شيئًا جديدًا.',
    until: 'يُفتتح في {{date}}.',
    noDate: 'لم يُحدَّد موعد الافتتاح بعد. عُد لاحقًا.',
    arrived: 'انتهى الانتظار: افتُتح في {{date}}.',
    countdown: 'الوقت المتبقي',
    units: { days: 'أيام', hours: 'ساعات', minutes: 'دقائق', seconds: 'ثوانٍ' },
    left: 'بقي {{time}}',
    underAMinute: 'بقيت أقل من دقيقة',
    announceArrived: 'انتهى العد التنازلي.',
  },
});
