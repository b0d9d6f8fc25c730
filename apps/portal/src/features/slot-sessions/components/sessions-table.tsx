import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { SessionItem } from '@reelcast/protocol';
import { formatDateTime } from '@/shared/lib/format';
import { useMoney } from '@/shared/lib/use-money';
import { gainColor } from '@/shared/theme/balance-colors';
import { visuallyHidden } from '@/shared/theme/theme';

/** The sessions as a table on wide screens, as cards on phones. */
export function SessionsTable({ sessions }: { sessions: SessionItem[] }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const money = useMoney();
  const end = (session: SessionItem) =>
    session.endedAt ? formatDateTime(session.endedAt) : <Chip size="small" color="info" label={t('slotSessions.open')} />;

  if (phone) {
    return (
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('slotSessions.caption')}>
        {sessions.map((session) => (
          <Card component="li" key={session.id} data-testid="session-row">
            <CardContent>
              <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                {session.machineName}{' '}
                <Typography component="span" color="text.secondary">
                  · {session.brand}
                </Typography>
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(session.startedAt)} – {end(session)}
              </Typography>
              <Stack
                component="dl"
                direction="row"
                sx={{ flexWrap: 'wrap', columnGap: 3, rowGap: 0.5, m: 0, mt: 1, '& dd': { m: 0, fontWeight: 600 } }}
              >
                {(
                  [
                    ['cashIn', money(session.cashIn)],
                    ['cashOut', money(session.cashOut)],
                    ['net', money(session.net)],
                    ['spins', String(session.spins)],
                  ] as const
                ).map(([key, value]) => (
                  <div key={key}>
                    <Typography component="dt" variant="caption" color="text.secondary">
                      {t(`slotSessions.${key}`)}
                    </Typography>
                    <Typography component="dd" sx={key === 'net' ? { color: gainColor(session.net) } : undefined}>
                      {value}
                    </Typography>
                  </div>
                ))}
              </Stack>
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  }

  return (
    <TableContainer component={Card} sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <caption style={visuallyHidden}>{t('slotSessions.caption')}</caption>
        <TableHead>
          <TableRow>
            <TableCell scope="col">{t('slotSessions.machine')}</TableCell>
            <TableCell scope="col">{t('slotSessions.brand')}</TableCell>
            <TableCell scope="col">{t('slotSessions.start')}</TableCell>
            <TableCell scope="col">{t('slotSessions.end')}</TableCell>
            <TableCell scope="col" align="right">
              {t('slotSessions.cashIn')}
            </TableCell>
            <TableCell scope="col" align="right">
              {t('slotSessions.cashOut')}
            </TableCell>
            <TableCell scope="col" align="right">
              {t('slotSessions.net')}
            </TableCell>
            <TableCell scope="col" align="right">
              {t('slotSessions.spins')}
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sessions.map((session) => (
            <TableRow key={session.id} hover data-testid="session-row">
              <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                {session.machineName}
              </TableCell>
              <TableCell>{session.brand}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(session.startedAt)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{end(session)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(session.cashIn)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {money(session.cashOut)}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontWeight: 600, color: gainColor(session.net) }}>
                {money(session.net)}
              </TableCell>
              <TableCell align="right">{session.spins}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
