import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { z } from 'zod/mini';
import { translateError } from '@/shared/api/translate-error';
import { LoadFailedAlert } from '@/shared/components/load-failed-alert';
import { PageLayout } from '@/shared/components/page-layout/page-layout';
import { simpleFullWidth } from '@/shared/components/page-layout/page-layout-description';
import { authRoles, hasPermission } from '@/shared/lib/authorization';
import { formatDateTime } from '@/shared/lib/format';
import { useSession } from '@/shared/session/session-store';
import { useFindPlayers } from '../api/find-players';
import { PlainTable } from '../components/plain-table';
import { PlayerPanel } from '../components/player-panel';
import { usePlayersTexts } from '../lib/players-texts';

/** The page's state in the URL: the search (`?q=dem`) and the open player (`?id=5`); a stale value is dropped. */
const playersSearch = z.object({
  q: z.catch(z.string().check(z.trim(), z.maxLength(64)), ''),
  id: z.catch(z.optional(z.coerce.number().check(z.int(), z.positive())), undefined),
});

/**
 * /console/players (staff, admin; docs/console.md "Players"): find a player by a part of the username or
 * the first digits of the id, and open their page.
 */
export function PlayersPage() {
  const t = usePlayersTexts();
  const [params, setParams] = useSearchParams();
  const { q, id } = playersSearch.parse(Object.fromEntries(params));
  const [text, setText] = useState(q);
  const found = useFindPlayers(id === undefined ? q : '');
  const isAdmin = useSession((state) => hasPermission(authRoles.admin, state.role));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) setParams({ q: text.trim() });
  };

  return (
    <PageLayout
      layout={simpleFullWidth}
      aria-labelledby="players-heading"
      header={
        <Typography id="players-heading" variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          {t('players.title')}
        </Typography>
      }
    >
      {id === undefined ? (
        <>
          <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', gap: 1, mb: 2, flexWrap: 'wrap' }}>
            <TextField
              size="small"
              label={t('players.search')}
              value={text}
              onChange={(event) => setText(event.target.value)}
              slotProps={{ htmlInput: { maxLength: 64 } }}
            />
            <Button type="submit" variant="contained">
              {t('players.find')}
            </Button>
          </Box>
          {found.isError && <LoadFailedAlert onRetry={() => void found.refetch()}>{translateError(found.error)}</LoadFailedAlert>}
          {found.data && (
            <PlainTable
              labelledBy="players-heading"
              headers={['#', t('players.title'), t('columns.player'), t('player.lastLogon')]}
              rows={found.data.players.map((player) => ({
                key: player.id,
                testId: `player-row-${player.id}`,
                cells: [
                  player.id,
                  <Link key="open" component={RouterLink} to={`?id=${player.id}`} aria-label={t('players.open', { name: player.username })}>
                    {player.username}
                  </Link>,
                  `${player.name} ${player.lastname}`.trim(),
                  formatDateTime(player.lastLogonAt),
                ],
              }))}
              empty={t('players.none')}
            />
          )}
        </>
      ) : (
        <>
          <Link component={RouterLink} to={q ? `?q=${encodeURIComponent(q)}` : '?'} sx={{ display: 'inline-block', mb: 2 }}>
            {t('player.back')}
          </Link>
          <PlayerPanel playerId={id} isAdmin={isAdmin} />
        </>
      )}
    </PageLayout>
  );
}
