import type { LanguageId } from '@reelcast/protocol';
import type { OutgoingMail } from '../mail/index.ts';

/** The mails of self-service accounts (docs/self-service.md), in the player's language. */
export type SelfServiceMail =
  /** A new address: the link that opens the account. */
  | { kind: 'confirm-registration'; username: string; link: string; hours: number }
  /** A registration for an address that has an account: it says so, with a reset link instead. */
  | { kind: 'account-exists'; username: string; link: string; minutes: number }
  /** A registration whose username is taken: only the owner of the address learns it. */
  | { kind: 'username-taken'; username: string; link: string }
  /** A reset request: the link that sets a new password. */
  | { kind: 'reset-password'; username: string; link: string; minutes: number };

interface Text {
  subject: string;
  /** Paragraphs; the link stands alone between the ones before and after it. */
  before: string[];
  button: string;
  after: string[];
}

type Texts = { [K in SelfServiceMail['kind']]: (mail: Extract<SelfServiceMail, { kind: K }>) => Text };

const en: Texts = {
  'confirm-registration': ({ username, hours }) => ({
    subject: 'Confirm your Reelcast account',
    before: [
      `Hello ${username},`,
      `someone, we hope you, asked to open a Reelcast account with this address. To open it, follow this link within ${hours} hours:`,
    ],
    button: 'Open my account',
    after: ['If it was not you, ignore this mail: no account is opened.'],
  }),
  'account-exists': ({ username, minutes }) => ({
    subject: 'You already have a Reelcast account',
    before: [
      'Hello,',
      `someone asked to open a Reelcast account with this address, but it already has one: its username is ${username}. If you forgot its password, set a new one with this link within ${minutes} minutes:`,
    ],
    button: 'Set a new password',
    after: ['If it was not you, ignore this mail: nothing changes.'],
  }),
  'username-taken': ({ username }) => ({
    subject: 'Your Reelcast registration: choose another username',
    before: [
      'Hello,',
      `someone asked to open a Reelcast account with this address under the username ${username}, which is taken. Register again with another username:`,
    ],
    button: 'Register',
    after: ['If it was not you, ignore this mail: no account is opened.'],
  }),
  'reset-password': ({ username, minutes }) => ({
    subject: 'Set a new Reelcast password',
    before: [
      `Hello ${username},`,
      `someone asked to set a new password for your Reelcast account. Set it with this link within ${minutes} minutes:`,
    ],
    button: 'Set a new password',
    after: [
      'The link works once, and asking again replaces it. Setting the password signs your account out everywhere.',
      'If it was not you, ignore this mail: your password stays as it is.',
    ],
  }),
};

const tr: Texts = {
  'confirm-registration': ({ username, hours }) => ({
    subject: 'Reelcast hesabınızı onaylayın',
    before: [
      `Merhaba ${username},`,
      `biri, umarız siz, bu adresle bir Reelcast hesabı açmak istedi. Hesabı açmak için bu bağlantıyı ${hours} saat içinde kullanın:`,
    ],
    button: 'Hesabımı aç',
    after: ['Siz değilseniz bu e-postayı dikkate almayın: hesap açılmaz.'],
  }),
  'account-exists': ({ username, minutes }) => ({
    subject: 'Zaten bir Reelcast hesabınız var',
    before: [
      'Merhaba,',
      `biri bu adresle bir Reelcast hesabı açmak istedi, ancak bu adresin zaten bir hesabı var: kullanıcı adı ${username}. Şifrenizi unuttuysanız bu bağlantıyla ${minutes} dakika içinde yenisini belirleyin:`,
    ],
    button: 'Yeni şifre belirle',
    after: ['Siz değilseniz bu e-postayı dikkate almayın: hiçbir şey değişmez.'],
  }),
  'username-taken': ({ username }) => ({
    subject: 'Reelcast kaydınız: başka bir kullanıcı adı seçin',
    before: [
      'Merhaba,',
      `biri bu adresle ${username} kullanıcı adıyla bir Reelcast hesabı açmak istedi, ancak bu kullanıcı adı alınmış. Başka bir kullanıcı adıyla yeniden kayıt olun:`,
    ],
    button: 'Kayıt ol',
    after: ['Siz değilseniz bu e-postayı dikkate almayın: hesap açılmaz.'],
  }),
  'reset-password': ({ username, minutes }) => ({
    subject: 'Yeni Reelcast şifrenizi belirleyin',
    before: [
      `Merhaba ${username},`,
      `biri Reelcast hesabınız için yeni bir şifre belirlemek istedi. Bu bağlantıyla ${minutes} dakika içinde belirleyin:`,
    ],
    button: 'Yeni şifre belirle',
    after: [
      'Bağlantı bir kez çalışır; yeniden istemek onu geçersiz kılar. Şifreyi belirlemek hesabınızın tüm oturumlarını kapatır.',
      'Siz değilseniz bu e-postayı dikkate almayın: şifreniz değişmez.',
    ],
  }),
};

const ar: Texts = {
  'confirm-registration': ({ username, hours }) => ({
    subject: 'أكّد حسابك في Reelcast',
    before: [
      `مرحبًا ${username}،`,
      `طلب أحدهم، ونأمل أن تكون أنت، فتح حساب في Reelcast بهذا العنوان. لفتحه اتبع هذا الرابط خلال ${hours} ساعة:`,
    ],
    button: 'افتح حسابي',
    after: ['إن لم تكن أنت فتجاهل هذه الرسالة: لن يُفتح أي حساب.'],
  }),
  'account-exists': ({ username, minutes }) => ({
    subject: 'لديك حساب في Reelcast بالفعل',
    before: [
      'مرحبًا،',
      `طلب أحدهم فتح حساب في Reelcast بهذا العنوان، لكن له حسابًا بالفعل باسم المستخدم ${username}. إن نسيت كلمة المرور فعيّن كلمة جديدة بهذا الرابط خلال ${minutes} دقيقة:`,
    ],
    button: 'تعيين كلمة مرور جديدة',
    after: ['إن لم تكن أنت فتجاهل هذه الرسالة: لن يتغير شيء.'],
  }),
  'username-taken': ({ username }) => ({
    subject: 'تسجيلك في Reelcast: اختر اسم مستخدم آخر',
    before: [
      'مرحبًا،',
      `طلب أحدهم فتح حساب في Reelcast بهذا العنوان باسم المستخدم ${username}، وهذا الاسم مأخوذ. سجّل من جديد باسم مستخدم آخر:`,
    ],
    button: 'التسجيل',
    after: ['إن لم تكن أنت فتجاهل هذه الرسالة: لن يُفتح أي حساب.'],
  }),
  'reset-password': ({ username, minutes }) => ({
    subject: 'عيّن كلمة مرور جديدة في Reelcast',
    before: [`مرحبًا ${username}،`, `طلب أحدهم تعيين كلمة مرور جديدة لحسابك في Reelcast. عيّنها بهذا الرابط خلال ${minutes} دقيقة:`],
    button: 'تعيين كلمة مرور جديدة',
    after: [
      'يعمل الرابط مرة واحدة، وطلب رابط جديد يلغيه. تعيين كلمة المرور يُخرج حسابك من كل الجلسات.',
      'إن لم تكن أنت فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.',
    ],
  }),
};

const textsOf: Record<LanguageId, Texts> = { en, tr, ar };

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The mail to `to` in `language`: plain text, and simple HTML (right to left in Arabic) with the link as a button. */
export function composeMail(to: string, mail: SelfServiceMail, language: LanguageId): OutgoingMail {
  const text = (textsOf[language][mail.kind] as (m: SelfServiceMail) => Text)(mail);
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const paragraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  const link = escapeHtml(mail.link);
  const html = [
    `<!doctype html>`,
    `<html lang="${language}" dir="${dir}"><head><meta charset="utf-8"><title>${escapeHtml(text.subject)}</title></head>`,
    `<body style="font-family: sans-serif; line-height: 1.5; max-width: 36em">`,
    paragraphs(text.before),
    `<p><a href="${link}" style="display: inline-block; padding: 0.6em 1.2em; background: #1b6e5a; color: #fff; text-decoration: none; border-radius: 4px">${escapeHtml(text.button)}</a></p>`,
    `<p style="font-size: 0.9em; word-break: break-all"><a href="${link}">${link}</a></p>`,
    paragraphs(text.after),
    `</body></html>`,
  ].join('\n');
  return {
    to,
    subject: text.subject,
    text: [...text.before, '', mail.link, '', ...text.after].join('\n\n').replace(/\n{3,}/g, '\n\n') + '\n',
    html,
    purpose: mail.kind,
    link: mail.link,
  };
}
