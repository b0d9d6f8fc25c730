import { defineLazyTexts } from '@/shared/i18n/lazy-texts';

/** The texts of watching a machine (docs/console.md "Watch"): they load with the picture, on first use. */
export const useWatchTexts = defineLazyTexts('consoleWatch', {
  en: {
    title: 'Watching {{name}}',
    viewOnly: 'View only: the seat, the money and the player’s picture are not touched.',
    picture: 'Live picture of {{name}}',
    connecting: 'Connecting…',
    noPicture: 'No picture from this machine.',
    close: 'Close',
    gridTitle: 'Pictures of the floor',
    gridNote: 'The lowest quality band, {{shown}} of {{total}} machines with a picture.',
    closeGrid: 'Close the pictures',
  },
  tr: {
    title: '{{name}} izleniyor',
    viewOnly: 'Yalnızca izleme: koltuk, para ve oyuncunun görüntüsü değişmez.',
    picture: '{{name}} canlı görüntüsü',
    connecting: 'Bağlanıyor…',
    noPicture: 'Bu makineden görüntü yok.',
    close: 'Kapat',
    gridTitle: 'Salonun görüntüleri',
    gridNote: 'En düşük kalite, görüntüsü olan {{total}} makineden {{shown}}.',
    closeGrid: 'Görüntüleri kapat',
  },
  ar: {
    title: 'مشاهدة {{name}}',
    viewOnly: 'مشاهدة فقط: لا يتغير المقعد ولا المال ولا صورة اللاعب.',
    picture: 'الصورة المباشرة لـ {{name}}',
    connecting: 'جارٍ الاتصال…',
    noPicture: 'لا صورة من هذه الآلة.',
    close: 'إغلاق',
    gridTitle: 'صور الصالة',
    gridNote: 'أدنى جودة، {{shown}} من {{total}} آلة لها صورة.',
    closeGrid: 'إغلاق الصور',
  },
});
