import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import PhoneIphoneIcon from '@mui/icons-material/PhoneIphone';
import SavingsIcon from '@mui/icons-material/Savings';
import VideocamIcon from '@mui/icons-material/Videocam';
import { Logo } from '@/shared/components/logo';
import { useAuthPagesTexts } from '../lib/auth-pages-texts';
import type { Presentation } from '../lib/auth-page-href';

const night = 'radial-gradient(circle at 30% 20%, #24355a 0%, #0b1220 60%)';
const brandBackground = 'linear-gradient(150deg, #0b1220 0%, #1c3152 55%, #1b6e5a 100%)';
/** Presentation 3's backdrop: reels of light over the night sky, all CSS (no image to download). */
const fullBleed = [
  'repeating-linear-gradient(90deg, rgba(255,255,255,0.04) 0 2px, transparent 2px 120px)',
  'radial-gradient(circle at 20% 80%, rgba(27,110,90,0.55) 0%, transparent 45%)',
  'radial-gradient(circle at 35% 25%, rgba(97,218,251,0.25) 0%, transparent 40%)',
  brandBackground,
].join(', ');

/** The brand's side: logo, tagline and what the product offers (presentations 2 and 3). */
function BrandPanel({ compact }: { compact?: boolean }) {
  const t = useAuthPagesTexts();
  const points = [
    { icon: <VideocamIcon />, text: t('brand.live') },
    { icon: <SavingsIcon />, text: t('brand.safe') },
    { icon: <PhoneIphoneIcon />, text: t('brand.phone') },
  ];
  return (
    <Box sx={{ color: 'common.white', display: 'flex', flexDirection: 'column', gap: compact ? 1 : 3, maxWidth: 480 }}>
      <Logo size={compact ? 40 : 64} />
      <Typography component="p" variant={compact ? 'subtitle1' : 'h4'} sx={{ fontWeight: 700 }}>
        {t('brand.tagline')}
      </Typography>
      {!compact && (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {points.map(({ icon, text }) => (
            <Box component="li" key={text} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: 'rgba(255,255,255,0.85)' }}>
              {icon}
              <Typography>{text}</Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The form's column: at most 440 px wide, its parts 24 px apart. */
const formColumn = { width: '100%', maxWidth: 440, display: 'flex', flexDirection: 'column', gap: 3 } as const;

/**
 * SPEC §2's auth pages in their three presentations, the same form inside: 1 a card in the middle of
 * the page; 2 a split screen, the brand's panel beside the form (above it on a phone); 3 a full-bleed
 * backdrop with the form in a panel along its end side. The sides follow the direction (RTL in Arabic).
 */
export function AuthFrame({ presentation, children }: { presentation: Presentation; children: ReactNode }) {
  if (presentation === 2) {
    return (
      <Box sx={{ minHeight: '100vh', display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Box
          component="aside"
          sx={{ background: brandBackground, display: 'flex', alignItems: 'center', justifyContent: 'center', p: { xs: 3, md: 6 } }}
        >
          <Box sx={{ display: { xs: 'block', md: 'none' } }}>
            <BrandPanel compact />
          </Box>
          <Box sx={{ display: { xs: 'none', md: 'block' } }}>
            <BrandPanel />
          </Box>
        </Box>
        <Paper square elevation={0} sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', p: { xs: 3, sm: 6 } }}>
          <Box sx={formColumn}>{children}</Box>
        </Paper>
      </Box>
    );
  }
  if (presentation === 3) {
    return (
      <Box sx={{ minHeight: '100vh', display: 'flex', background: fullBleed }}>
        <Box component="aside" sx={{ flex: 1, display: { xs: 'none', md: 'flex' }, alignItems: 'center', justifyContent: 'center', p: 6 }}>
          <BrandPanel />
        </Box>
        <Paper
          square
          elevation={12}
          sx={{
            width: { xs: '100%', md: 480 },
            minHeight: '100vh',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            p: { xs: 3, sm: 6 },
          }}
        >
          <Box sx={formColumn}>{children}</Box>
        </Paper>
      </Box>
    );
  }
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2, background: night }}>
      <Card sx={{ width: '100%', maxWidth: 440 }} elevation={8}>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, display: 'flex', flexDirection: 'column', gap: 3 }}>{children}</CardContent>
      </Card>
    </Box>
  );
}
