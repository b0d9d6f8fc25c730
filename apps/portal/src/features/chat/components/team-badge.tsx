import Box from '@mui/material/Box';
import type { ChatContact } from '@reelcast/protocol';
import { useChatTexts } from '../lib/use-chat-texts';

/** Whether the contact is a member of the operator's team (SPEC §6 roles staff and admin). */
export const isTeamContact = (contact: Pick<ChatContact, 'role'>) => contact.role !== 'user';

/**
 * The contact's name as a screen reader hears it: with the team role for a team member, so a player
 * who calls themselves "Admin" never sounds like the team.
 */
export function useContactName() {
  const t = useChatTexts();
  return (contact: Pick<ChatContact, 'name' | 'role'>) =>
    contact.role === 'user' ? contact.name : t('teamMember', { name: contact.name, role: t(`roles.${contact.role}`) });
}

/** The "Team" mark beside a team member's name (shown; the name's accessible text says the role). */
export function TeamBadge({ contact }: { contact: Pick<ChatContact, 'role'> }) {
  const t = useChatTexts();
  if (!isTeamContact(contact)) return null;
  return (
    <Box
      component="span"
      aria-hidden
      data-testid="chat-team-badge"
      sx={{
        display: 'inline-block',
        px: 0.5,
        borderRadius: 0.5,
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        fontSize: 10,
        fontWeight: 700,
        lineHeight: 1.6,
        letterSpacing: 0.3,
        textTransform: 'uppercase',
        whiteSpace: 'nowrap',
      }}
    >
      {t('team')}
    </Box>
  );
}
