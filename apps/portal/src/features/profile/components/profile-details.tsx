import { useTranslation } from 'react-i18next';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ProfileAnswer } from '@reelcast/protocol';
import { formatDateTime } from '@/shared/lib/format';

/** SPEC §3 signed-in user fields, as a description list. */
export function ProfileDetails({ profile }: { profile: ProfileAnswer }) {
  const { t } = useTranslation();
  const none = t('profile.none');
  const rows: [string, string][] = [
    [t('profile.username'), profile.username],
    [t('profile.name'), profile.name || none],
    [t('profile.lastname'), profile.lastname || none],
    [t('profile.email'), profile.email],
    [t('profile.type'), profile.type],
    [t('profile.group'), String(profile.Group)],
    [t('profile.permissions'), profile.Permissions.join(', ') || none],
    [t('profile.ip'), profile.IP ?? none],
    [t('profile.lastLogon'), formatDateTime(profile.LastLogon) || none],
    [t('profile.lastLogonIp'), profile.LastLogonIP ?? none],
    [t('profile.memberSince'), formatDateTime(profile.createdAt) || none],
    [t('profile.version'), profile.Versions],
  ];
  const initials = [profile.name, profile.lastname].map((part) => part.charAt(0)).join('') || profile.username.charAt(0);

  return (
    <Card component="section" aria-labelledby="details-heading">
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
          <Avatar src={profile.photoURL || undefined} alt="" sx={{ width: 64, height: 64, bgcolor: 'primary.main' }}>
            {initials.toUpperCase()}
          </Avatar>
          <div>
            <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid="profile-display-name">
              {profile.displayName}
            </Typography>
            <Typography id="details-heading" variant="body2" color="text.secondary" component="h2">
              {t('profile.details')}
            </Typography>
          </div>
        </Box>
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: { xs: 0, sm: 1 }, m: 0 }}
        >
          {rows.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary" variant="body2" sx={{ mt: { xs: 1, sm: 0 } }}>
                {label}
              </Typography>
              <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </CardContent>
    </Card>
  );
}
