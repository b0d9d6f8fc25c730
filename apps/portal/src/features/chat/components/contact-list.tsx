import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import type { ChatContact } from '@reelcast/protocol';
import { useChatTexts } from '../lib/use-chat-texts';
import { ContactStatusIcon } from './contact-status-icon';
import { TeamBadge, useContactName } from './team-badge';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');

/**
 * The panel's contact column: each contact a button named by their name (with the team role for a
 * team member, who also gets the Team mark), status and unread count (the badges and the status icon
 * only show them). The chosen one is `aria-current`.
 */
export function ContactList({
  contacts,
  selectedId,
  onSelect,
}: {
  contacts: readonly ChatContact[];
  selectedId: number | null;
  onSelect: (contactId: number) => void;
}) {
  const t = useChatTexts();
  const nameOf = useContactName();
  return (
    <Box
      component="ul"
      aria-label={t('contacts')}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        py: 1,
        width: 84,
        flex: '0 0 84px',
        overflowY: 'auto',
        borderInlineEnd: 1,
        borderColor: 'divider',
      }}
    >
      {contacts.map((contact, index) => {
        const selected = contact.id === selectedId;
        const texts = { name: nameOf(contact), status: t(`statuses.${contact.status}`), count: contact.unread };
        const label = contact.unread > 0 ? t('contactWithUnread', texts) : t('contact', texts);
        return (
          <li key={contact.id}>
            <ButtonBase
              aria-label={label}
              aria-current={selected ? 'true' : undefined}
              title={contact.name}
              // Opened without a chat chosen, the panel starts at its first contact.
              autoFocus={selectedId === null && index === 0}
              onClick={() => onSelect(contact.id)}
              data-testid={`chat-contact-${contact.id}`}
              sx={{
                width: '100%',
                flexDirection: 'column',
                gap: 0.5,
                py: 1,
                px: 0.5,
                borderInlineStart: 3,
                borderColor: selected ? 'primary.main' : 'transparent',
                bgcolor: selected ? 'action.selected' : undefined,
                '&:hover': { bgcolor: 'action.hover' },
                '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
              }}
            >
              <Box sx={{ position: 'relative' }}>
                <Badge badgeContent={contact.unread} max={99} color="error" overlap="circular">
                  <Avatar src={contact.avatar || undefined} alt="" sx={{ width: 40, height: 40, fontSize: 16 }}>
                    {initials(contact.name)}
                  </Avatar>
                </Badge>
                <ContactStatusIcon status={contact.status} overlay />
              </Box>
              <Box
                component="span"
                aria-hidden
                sx={{ width: '100%', fontSize: 12, lineHeight: 1.3, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {contact.name}
              </Box>
              <TeamBadge contact={contact} />
            </ButtonBase>
          </li>
        );
      })}
    </Box>
  );
}
