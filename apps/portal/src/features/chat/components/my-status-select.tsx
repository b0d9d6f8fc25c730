import { useId } from 'react';
import Box from '@mui/material/Box';
import NativeSelect from '@mui/material/NativeSelect';
import { chatStatuses, type ChatStatus } from '@reelcast/protocol';
import { useChatUser } from '../api/get-chat-user';
import { useUpdateChatStatus } from '../api/update-chat-status';
import { useChatTexts } from '../lib/use-chat-texts';
import { ContactStatusIcon } from './contact-status-icon';

/** The user's own presence (POST /api/chat/user/data): what their contacts see while they are connected. */
export function MyStatusSelect() {
  const t = useChatTexts();
  const id = useId();
  const user = useChatUser();
  const update = useUpdateChatStatus();
  if (!user.data) return null;
  const status: ChatStatus = update.isPending ? update.variables.status : user.data.status;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <ContactStatusIcon status={status} />
      <NativeSelect
        id={id}
        value={status}
        onChange={(event) => update.mutate({ status: event.target.value as ChatStatus })}
        disableUnderline
        inputProps={{ 'aria-label': t('myStatus') }}
        sx={{ fontSize: 14 }}
      >
        {chatStatuses.map((option) => (
          <option key={option} value={option}>
            {t(`statuses.${option}`)}
          </option>
        ))}
      </NativeSelect>
    </Box>
  );
}
