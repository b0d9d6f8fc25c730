import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { paths } from '@/shared/config/paths';
import { formatDateTime } from '@/shared/lib/format';
import type { PlayerActivity } from '../api/get-player-activity';
import { usePublicProfileTexts } from '../lib/public-profile-texts';

const numberLocales: Record<string, string> = { en: 'en-US', tr: 'tr-TR', ar: 'ar' };

/** The counts (sessions, transactions), the favourite brand and the latest sessions with their machines. */
export function ActivitySummary({ activity }: { activity: PlayerActivity }) {
  const { i18n } = useTranslation();
  const t = usePublicProfileTexts();
  const count = (value: number) => new Intl.NumberFormat(numberLocales[i18n.language] ?? i18n.language).format(value);
  const favourite = activity.favourite;
  const favouriteNote = favourite
    ? t(activity.counted < activity.sessions ? 'favouriteCountLatest' : 'favouriteCount', {
        sessions: count(favourite.sessions),
        counted: count(activity.counted),
      })
    : t('noFavourite');
  const stats = [
    {
      id: 'sessions',
      label: t('sessions'),
      value: count(activity.sessions),
      link: { to: paths.slotSessions.getHref(), label: t('allSessions') },
    },
    {
      id: 'transactions',
      label: t('transactions'),
      value: count(activity.transactions),
      link: { to: paths.transactions.getHref(), label: t('allTransactions') },
    },
    { id: 'favourite', label: t('favouriteBrand'), value: favourite?.brand ?? '—', note: favouriteNote },
  ];
  return (
    <Box component="section" aria-labelledby="public-profile-activity" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography id="public-profile-activity" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {t('activity')}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}>
        {stats.map((stat) => (
          // A card per group of the list: a dl may hold div groups of its dt and dd, one level deep.
          <Card key={stat.id} data-testid={`activity-${stat.id}`} sx={{ p: 2 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {stat.label}
            </Typography>
            <Typography component="dd" variant="h4" sx={{ m: 0, fontWeight: 800, overflowWrap: 'anywhere' }}>
              {stat.value}
            </Typography>
            {stat.note && (
              <Typography component="dd" variant="body2" color="text.secondary" sx={{ m: 0 }}>
                {stat.note}
              </Typography>
            )}
            {stat.link && (
              <Typography component="dd" variant="body2" sx={{ m: 0, mt: 0.5 }}>
                <Link component={RouterLink} to={stat.link.to}>
                  {stat.link.label}
                </Link>
              </Typography>
            )}
          </Card>
        ))}
      </Box>
      <Card component="section" aria-labelledby="public-profile-recent">
        <CardContent sx={{ pb: 1 }}>
          <Typography id="public-profile-recent" variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {t('recent')}
          </Typography>
        </CardContent>
        <Divider />
        {activity.recent.length === 0 ? (
          <CardContent>
            <Typography color="text.secondary">{t('noSessions')}</Typography>
          </CardContent>
        ) : (
          <List aria-labelledby="public-profile-recent" data-testid="recent-sessions">
            {activity.recent.map((session) => (
              <ListItem
                key={session.id}
                divider
                secondaryAction={session.endedAt ? undefined : <Chip size="small" color="info" label={t('open')} />}
              >
                <ListItemText
                  primary={
                    <>
                      <Box component="span" sx={{ fontWeight: 600 }}>
                        {session.machineName}
                      </Box>{' '}
                      <Box component="span" sx={{ color: 'text.secondary' }}>
                        · {session.brand}
                      </Box>
                    </>
                  }
                  // The date and time keep their order in an Arabic line.
                  secondary={`\u2068${formatDateTime(session.startedAt)}\u2069 · ${t('spins', { spins: count(session.spins) })}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Card>
    </Box>
  );
}
