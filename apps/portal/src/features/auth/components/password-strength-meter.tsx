import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useAuthPagesTexts } from '../lib/auth-pages-texts';
import type { StrengthLevel } from '../lib/new-password-checks';

const levels: Record<StrengthLevel, { value: number; color: 'error' | 'warning' | 'info' | 'success' }> = {
  weak: { value: 25, color: 'error' },
  fair: { value: 50, color: 'warning' },
  good: { value: 75, color: 'info' },
  strong: { value: 100, color: 'success' },
};

/** The strength hint under a new password: a bar and its level in words (read out as it changes), else the rule. */
export function PasswordStrengthMeter({ level, minLength }: { level: StrengthLevel | null; minLength: number }) {
  const t = useAuthPagesTexts();
  const text = level ? t('strength.label', { level: t(`strength.${level}`) }) : t('strength.hint', { min: minLength });
  return (
    <Box sx={{ mt: -1.5 }}>
      {level && (
        <LinearProgress
          variant="determinate"
          value={levels[level].value}
          color={levels[level].color}
          aria-label={text}
          sx={{ height: 6, borderRadius: 3, mb: 0.5 }}
        />
      )}
      <Typography variant="caption" color="text.secondary" aria-live="polite">
        {text}
      </Typography>
    </Box>
  );
}
