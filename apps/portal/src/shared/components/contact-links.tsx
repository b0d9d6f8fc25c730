import { lazy, Suspense } from 'react';
import { useSettings } from '@/shared/config/settings';

const ContactLinksList = lazy(() => import('./contact-links-list').then((m) => ({ default: m.ContactLinksList })));

/**
 * The quick-contact links (SPEC §1, §2: each shown only when its contact is configured). Most
 * operators set none, so the links and their icons load only when one is set (about 1 kB of the
 * /login and /lobby first loads otherwise: docs/benchmarks.md).
 */
export function ContactLinks() {
  const { contacts } = useSettings();
  if (!contacts.telegram && !contacts.whatsapp && !contacts.whatsapp2) return null;
  return (
    <Suspense fallback={null}>
      <ContactLinksList contacts={contacts} />
    </Suspense>
  );
}
