import { enUS, trTR } from '@mui/x-date-pickers/locales';
import type { PickersLocaleText } from '@mui/x-date-pickers/locales';
import type { LanguageId } from '@/shared/i18n/languages';

type Texts = Partial<PickersLocaleText>;
const pick = (localization: { components: { MuiLocalizationProvider: { defaultProps: { localeText: Texts } } } }) =>
  localization.components.MuiLocalizationProvider.defaultProps.localeText;

/**
 * MUI X has no Arabic texts: the ones a date field and its calendar speak (the rest stay English).
 * Placeholders stay DD.MM.YYYY, as the portal writes dates in every language (SPEC §2).
 */
const arabic: Texts = {
  previousMonth: 'الشهر السابق',
  nextMonth: 'الشهر التالي',
  openPreviousView: 'العرض السابق',
  openNextView: 'العرض التالي',
  calendarViewSwitchingButtonAriaLabel: (view) =>
    view === 'year' ? 'عرض السنوات مفتوح، انتقل إلى عرض التقويم' : 'عرض التقويم مفتوح، انتقل إلى عرض السنوات',
  cancelButtonLabel: 'إلغاء',
  clearButtonLabel: 'مسح',
  okButtonLabel: 'موافق',
  todayButtonLabel: 'اليوم',
  datePickerToolbarTitle: 'اختر التاريخ',
  openDatePickerDialogue: (formattedDate) => (formattedDate ? `اختر التاريخ، التاريخ المختار: ${formattedDate}` : 'اختر التاريخ'),
  fieldClearLabel: 'مسح',
  dateTableLabel: 'اختر التاريخ',
  fieldYearPlaceholder: (params) => 'Y'.repeat(params.digitAmount),
  fieldMonthPlaceholder: () => 'MM',
  fieldDayPlaceholder: () => 'DD',
  year: 'السنة',
  month: 'الشهر',
  day: 'اليوم',
  empty: 'فارغ',
};

/** English's placeholders as the portal writes dates: DD.MM.YYYY. */
const english: Texts = { ...pick(enUS), fieldMonthPlaceholder: () => 'MM', fieldDayPlaceholder: () => 'DD' };

export const pickerTexts: Record<LanguageId, Texts> = { en: english, tr: pick(trTR), ar: arabic };

/** dayjs's locale of each language: month and weekday names (ar-sa writes Latin digits, as the portal does). */
export const dayjsLocales: Record<LanguageId, string> = { en: 'en', tr: 'tr', ar: 'ar-sa' };
