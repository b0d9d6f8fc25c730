import type { ParseKeys } from 'i18next';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AssessmentIcon from '@mui/icons-material/Assessment';
import CasinoIcon from '@mui/icons-material/Casino';
import CodeIcon from '@mui/icons-material/Code';
import EmojiSymbolsIcon from '@mui/icons-material/EmojiSymbols';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import PaymentsIcon from '@mui/icons-material/Payments';
import PeopleIcon from '@mui/icons-material/People';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SearchIcon from '@mui/icons-material/Search';
import TextFieldsIcon from '@mui/icons-material/TextFields';
import ViewQuiltIcon from '@mui/icons-material/ViewQuilt';
import { PLAYER_LEVEL } from '@/features/shell/navigation/match';
import type { NavItem, NavPageItem } from '@/features/shell/navigation/types';
import { defineLazyTexts } from '@/shared/i18n/lazy-texts';
import type { LanguageId } from '@/shared/i18n/languages';
import { authRoles, type AuthRule } from '@/shared/lib/authorization';
import { openAuthPageNames, pageLayoutNames, searchPageNames, specRoutes, uiPageNames } from './route-list';

/**
 * The "Pages" and "UI" groups of the navigation (issue 13): the demo, auth and UI pages of SPEC §2 for
 * the operator's team. Only admin and staff download this module (navigation-config.ts), and each item
 * carries its route's own SPEC §6 rule (read from the route list, app/route-list.ts), so the one pruned tree hides from
 * every account what its route would refuse. The items are made from the route list's names: a page the list gains appears here.
 */

/** The concrete paths of the route list, with their rules: '/pages/search/:kind' gives '/pages/search/classic' and '/pages/search/modern'. */
const routeRules = new Map<string, AuthRule>(
  specRoutes.flatMap((route) => {
    const [param] = Object.entries(route.params ?? {});
    const paths = param ? param[1].map((value) => route.path.replace(`:${param[0]}`, value)) : [route.path];
    return paths.map((path): [string, AuthRule] => [path, route.auth]);
  }),
);

/** A route's rule; a path the route list does not have is a mistake in this file. */
export function ruleOf(url: string): AuthRule {
  if (!routeRules.has(url)) throw new Error(`navigation: ${url} is not a route of app/route-list.ts`);
  return routeRules.get(url);
}

// ---- Titles, generated in each language from the names' parts ------------------------------------

type Words = {
  family: Record<'carded' | 'simple', string>;
  base: Record<'full-width' | 'left-sidebar' | 'right-sidebar', string>;
  tabbed: string;
  layout: (family: string, base: string, number: string, tabbed: string) => string;
  auth: Record<'login' | 'register' | 'forgot-password' | 'reset-password' | 'lock' | 'mail-confirm', string>;
};

const words: Record<LanguageId, Words> = {
  en: {
    family: { carded: 'Carded', simple: 'Simple' },
    base: { 'full-width': 'full width', 'left-sidebar': 'left sidebar', 'right-sidebar': 'right sidebar' },
    tabbed: 'tabbed',
    layout: (family, base, number, tabbed) => `${family} ${[`${base}${number}`.trim(), tabbed].filter(Boolean).join(base ? ', ' : ' ')}`,
    auth: {
      login: 'Login',
      register: 'Register',
      'forgot-password': 'Forgot password',
      'reset-password': 'Reset password',
      lock: 'Lock screen',
      'mail-confirm': 'Mail confirmation',
    },
  },
  tr: {
    family: { carded: 'Kartlı', simple: 'Sade' },
    base: { 'full-width': 'tam genişlik', 'left-sidebar': 'sol kenar çubuğu', 'right-sidebar': 'sağ kenar çubuğu' },
    tabbed: 'sekmeli',
    layout: (family, base, number, tabbed) => `${family} ${[`${base}${number}`.trim(), tabbed].filter(Boolean).join(base ? ', ' : ' ')}`,
    auth: {
      login: 'Giriş',
      register: 'Kayıt',
      'forgot-password': 'Şifremi unuttum',
      'reset-password': 'Şifre sıfırlama',
      lock: 'Kilit ekranı',
      'mail-confirm': 'E-posta onayı',
    },
  },
  ar: {
    family: { carded: 'بطاقة', simple: 'بسيط' },
    base: { 'full-width': 'عرض كامل', 'left-sidebar': 'شريط جانبي أيسر', 'right-sidebar': 'شريط جانبي أيمن' },
    tabbed: 'مع علامات تبويب',
    layout: (family, base, number, tabbed) => `${family}: ${[`${base}${number}`.trim(), tabbed].filter(Boolean).join('، ')}`,
    auth: {
      login: 'تسجيل الدخول',
      register: 'التسجيل',
      'forgot-password': 'نسيت كلمة المرور',
      'reset-password': 'إعادة تعيين كلمة المرور',
      lock: 'شاشة القفل',
      'mail-confirm': 'تأكيد البريد',
    },
  },
};

/** 'left-sidebar-2-tabbed' → its base, its number and whether it is tabbed. */
function partsOf(name: string) {
  const match = /^(full-width|left-sidebar|right-sidebar)?-?(\d)?-?(tabbed)?$/.exec(name);
  return { base: (match?.[1] ?? '') as keyof Words['base'] | '', number: match?.[2] ?? '', tabbed: Boolean(match?.[3]) };
}

const layoutTitles = (language: LanguageId, family: 'carded' | 'simple') => {
  const w = words[language];
  return Object.fromEntries(
    pageLayoutNames[family].map((name) => {
      const { base, number, tabbed } = partsOf(name);
      return [name, w.layout(w.family[family], base ? w.base[base] : '', number ? ` ${number}` : '', tabbed ? w.tabbed : '')];
    }),
  );
};

const authPageNames = ['lock', ...openAuthPageNames] as const;
const authTitles = (language: LanguageId) =>
  Object.fromEntries(
    authPageNames.map((name) => {
      const { 1: base = name, 2: number } = /^(.*?)(?:-(\d))?$/.exec(name) ?? [];
      return [name, `${words[language].auth[base as keyof Words['auth']]}${number ? ` ${number}` : ''}`];
    }),
  );

const generated = (language: LanguageId) => ({
  carded: layoutTitles(language, 'carded'),
  simple: layoutTitles(language, 'simple'),
  auth: authTitles(language),
});

const texts = {
  en: {
    console: 'Console',
    floor: 'Floor',
    reports: 'Reports',
    players: 'Players',
    money: 'Money requests',
    audit: 'Audit log',
    pages: 'Pages',
    authentication: 'Authentication',
    comingSoon: 'Coming soon',
    errors: 'Errors',
    error404: 'Error 404',
    error500: 'Error 500',
    publicProfile: 'Public profile',
    search: 'Search',
    classic: 'Classic search',
    modern: 'Modern search',
    ui: 'UI',
    pageLayouts: 'Page layouts',
    cardedLayouts: 'Carded',
    simpleLayouts: 'Simple',
    blank: 'Blank page',
    icons: 'Icons',
    typography: 'Typography',
    'helper-classes': 'Helper classes',
    ...generated('en'),
  },
  tr: {
    console: 'Konsol',
    floor: 'Salon',
    reports: 'Raporlar',
    players: 'Oyuncular',
    money: 'Para talepleri',
    audit: 'Denetim kaydı',
    pages: 'Sayfalar',
    authentication: 'Kimlik doğrulama',
    comingSoon: 'Çok yakında',
    errors: 'Hatalar',
    error404: 'Hata 404',
    error500: 'Hata 500',
    publicProfile: 'Herkese açık profil',
    search: 'Arama',
    classic: 'Klasik arama',
    modern: 'Modern arama',
    ui: 'Arayüz',
    pageLayouts: 'Sayfa düzenleri',
    cardedLayouts: 'Kartlı',
    simpleLayouts: 'Sade',
    blank: 'Boş sayfa',
    icons: 'Simgeler',
    typography: 'Tipografi',
    'helper-classes': 'Yardımcı sınıflar',
    ...generated('tr'),
  },
  ar: {
    console: 'وحدة التحكم',
    floor: 'الصالة',
    reports: 'التقارير',
    players: 'اللاعبون',
    money: 'طلبات الأموال',
    audit: 'سجل التدقيق',
    pages: 'الصفحات',
    authentication: 'المصادقة',
    comingSoon: 'قريبًا',
    errors: 'الأخطاء',
    error404: 'خطأ 404',
    error500: 'خطأ 500',
    publicProfile: 'الملف العام',
    search: 'البحث',
    classic: 'البحث الكلاسيكي',
    modern: 'البحث الحديث',
    ui: 'الواجهة',
    pageLayouts: 'تخطيطات الصفحات',
    cardedLayouts: 'بطاقة',
    simpleLayouts: 'بسيط',
    blank: 'صفحة فارغة',
    icons: 'الأيقونات',
    typography: 'الطباعة',
    'helper-classes': 'الفئات المساعدة',
    ...generated('ar'),
  },
};
// Registered with i18next as the module loads: the items below are translated by their `translate` keys.
defineLazyTexts('teamNav', texts);

type TextKey = Exclude<keyof typeof texts.en, 'carded' | 'simple' | 'auth'>;

/** An item's title: the English one, and the key of its translations (`teamNav.*`, registered above). */
function titled(key: TextKey | `${'carded' | 'simple' | 'auth'}.${string}`) {
  const [head, name] = key.split('.') as [keyof typeof texts.en, string | undefined];
  const value = texts.en[head];
  return { title: typeof value === 'string' ? value : (value[name!] ?? key), translate: `teamNav.${key}` as ParseKeys };
}

/** A page of the route list, with the route's rule. */
const page = (id: string, url: string, title: ReturnType<typeof titled>, extra: Partial<NavPageItem> = {}): NavPageItem => ({
  id,
  type: 'item',
  url,
  auth: ruleOf(url),
  ...title,
  ...extra,
});

/** The groups for admin and staff (SPEC §6 staff list); their pages keep their routes' own rules. */
export const teamNavigation: NavItem[] = [
  {
    id: 'console',
    type: 'group',
    ...titled('console'),
    auth: authRoles.staff,
    level: PLAYER_LEVEL,
    children: [
      page('console.floor', '/console/floor', titled('floor'), { icon: CasinoIcon }),
      page('console.reports', '/console/reports', titled('reports'), { icon: AssessmentIcon }),
      page('console.players', '/console/players', titled('players'), { icon: PeopleIcon }),
      page('console.money', '/console/money', titled('money'), { icon: PaymentsIcon }),
      page('console.audit', '/console/audit', titled('audit'), { icon: ManageSearchIcon }),
    ],
  },
  {
    id: 'pages',
    type: 'group',
    ...titled('pages'),
    auth: authRoles.staff,
    level: PLAYER_LEVEL,
    children: [
      {
        id: 'pages.auth',
        type: 'collapse',
        ...titled('authentication'),
        icon: LockOutlinedIcon,
        children: authPageNames.map((name) => page(`pages.auth.${name}`, `/pages/auth/${name}`, titled(`auth.${name}`))),
      },
      page('pages.coming-soon', '/pages/coming-soon', titled('comingSoon'), { icon: ScheduleIcon }),
      {
        id: 'pages.errors',
        type: 'collapse',
        ...titled('errors'),
        icon: ErrorOutlineIcon,
        children: [
          page('pages.errors.404', '/pages/errors/error-404', titled('error404')),
          page('pages.errors.500', '/pages/errors/error-500', titled('error500')),
        ],
      },
      page('pages.profile', '/pages/profile', titled('publicProfile'), { icon: AccountCircleIcon }),
      {
        id: 'pages.search',
        type: 'collapse',
        ...titled('search'),
        icon: SearchIcon,
        children: searchPageNames.map((name) => page(`pages.search.${name}`, `/pages/search/${name}`, titled(name))),
      },
    ],
  },
  {
    id: 'ui',
    type: 'group',
    ...titled('ui'),
    auth: authRoles.staff,
    level: PLAYER_LEVEL,
    children: [
      {
        id: 'ui.page-layouts',
        type: 'collapse',
        ...titled('pageLayouts'),
        icon: ViewQuiltIcon,
        children: [
          ...(['carded', 'simple'] as const).map((family): NavItem => ({
            id: `ui.page-layouts.${family}`,
            type: 'collapse',
            ...titled(family === 'carded' ? 'cardedLayouts' : 'simpleLayouts'),
            children: pageLayoutNames[family].map((name) =>
              page(`ui.page-layouts.${family}.${name}`, `/ui/page-layouts/${family}/${name}`, titled(`${family}.${name}`)),
            ),
          })),
          page('ui.page-layouts.blank', '/ui/page-layouts/blank', titled('blank')),
        ],
      },
      ...uiPageNames.map((name) =>
        page(`ui.${name}`, `/ui/${name}`, titled(name), {
          icon: { icons: EmojiSymbolsIcon, typography: TextFieldsIcon, 'helper-classes': CodeIcon }[name],
        }),
      ),
    ],
  },
];
