import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ProfileAnswer } from '@reelcast/protocol';
import { formatDate, formatDateTime } from '@/shared/lib/format';
import { initialsOf } from '../lib/activity-summary';
import { usePublicProfileTexts } from '../lib/public-profile-texts';

/** The profile's card: a banner, the photo (or initials), the name, the username, member since and last login. */
export function ProfileHeader({ profile }: { profile: ProfileAnswer }) {
  const { i18n } = useTranslation();
  const t = usePublicProfileTexts();
  const facts: [string, string][] = [
    [t('memberSince'), formatDate(new Date(profile.createdAt))],
    [t('lastLogin'), formatDateTime(profile.LastLogon) || t('firstLogin')],
  ];
  return (
    <Card component="section" aria-labelledby="public-profile-name">
      <Box
        aria-hidden
        sx={{
          height: { xs: 72, sm: 112 },
          background: (theme) => `linear-gradient(135deg, ${theme.palette.primary.main}, ${theme.palette.secondary.main})`,
        }}
      />
      <Box sx={{ px: { xs: 2, sm: 3 }, pb: 2.5, display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', columnGap: 2, rowGap: 1 }}>
        <Avatar
          src={profile.photoURL || undefined}
          alt=""
          sx={{
            // Only the photo rises into the banner; the text stays below it, on the card's colour.
            mt: { xs: -5, sm: -6 },
            width: { xs: 80, sm: 104 },
            height: { xs: 80, sm: 104 },
            fontSize: { xs: '1.75rem', sm: '2.25rem' },
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
            border: 4,
            borderColor: 'background.paper',
          }}
        >
          {initialsOf(profile, i18n.language)}
        </Avatar>
        <Box sx={{ minWidth: 0, flex: '1 1 200px', pt: 1.5 }}>
          <Typography
            id="public-profile-name"
            variant="h5"
            component="h2"
            sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}
            data-testid="public-profile-name"
          >
            {profile.displayName}
          </Typography>
          <Typography color="text.secondary">
            <bdi>@{profile.username}</bdi>
          </Typography>
        </Box>
        <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 4, rowGap: 1, m: 0, pt: 1.5 }}>
          {facts.map(([label, value]) => (
            <div key={label}>
              <Typography component="dt" variant="caption" color="text.secondary">
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, fontWeight: 600 }}>
                <bdi>{value}</bdi>
              </Typography>
            </div>
          ))}
        </Box>
      </Box>
    </Card>
  );
}
