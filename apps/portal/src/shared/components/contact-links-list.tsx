import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import TelegramIcon from '@mui/icons-material/Telegram';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import { useTranslation } from 'react-i18next';
import type { Settings } from '@/shared/config/settings';

const telegramHref = (value: string) => (/^https?:\/\//.test(value) ? value : `https://t.me/${value.replace(/^@/, '')}`);
const whatsappHref = (value: string) => (/^https?:\/\//.test(value) ? value : `https://wa.me/${value.replace(/[^\d]/g, '')}`);

/** Quick-contact icon links; each one only when its contact is configured (SPEC §1, §2). Loaded by ContactLinks. */
export function ContactLinksList({ contacts }: { contacts: Settings['contacts'] }) {
  const { t } = useTranslation();
  const links = [
    contacts.telegram && {
      key: 'telegram',
      href: telegramHref(contacts.telegram),
      label: t('auth.contactTelegram'),
      icon: <TelegramIcon />,
    },
    contacts.whatsapp && {
      key: 'whatsapp',
      href: whatsappHref(contacts.whatsapp),
      label: t('auth.contactWhatsapp'),
      icon: <WhatsAppIcon />,
    },
    contacts.whatsapp2 && {
      key: 'whatsapp2',
      href: whatsappHref(contacts.whatsapp2),
      label: t('auth.contactWhatsapp2'),
      icon: <WhatsAppIcon />,
    },
  ].filter((link) => !!link);
  if (links.length === 0) return null;
  return (
    <Box component="nav" aria-label={t('auth.contactUs')} sx={{ display: 'flex', gap: 1, justifyContent: 'center' }}>
      {links.map((link) => (
        <IconButton
          key={link.key}
          component="a"
          href={link.href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={link.label}
          color="primary"
        >
          {link.icon}
        </IconButton>
      ))}
    </Box>
  );
}
