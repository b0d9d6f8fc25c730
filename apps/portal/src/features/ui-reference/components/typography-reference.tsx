import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme, type TypographyVariant } from '@mui/material/styles';
import { useUiReferenceTexts } from '../lib/ui-reference-texts';

/** The theme's text variants, largest first (MUI's scale). */
const variants = [
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'subtitle1',
  'subtitle2',
  'body1',
  'body2',
  'button',
  'caption',
  'overline',
] as const satisfies readonly TypographyVariant[];

/** A rem size with its pixels at the theme's root size (MUI's htmlFontSize). */
function withPixels(size: string | number | undefined, htmlFontSize: number): string {
  if (typeof size === 'number') return `${size}px`;
  if (!size) return '—';
  const rem = /^([\d.]+)rem$/.exec(size);
  return rem ? `${size} (${Math.round(Number(rem[1]) * htmlFontSize * 100) / 100}px)` : size;
}

const plain = (value: string | number | undefined) => (value === undefined || value === '' ? '—' : String(value));

/** /ui/typography: each variant of the theme's type scale, its numbers read from the theme at run time. */
export function TypographyReference() {
  const t = useUiReferenceTexts();
  const { typography } = useTheme();

  return (
    <>
      <Typography color="text.secondary">{t('typography.intro')}</Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, columnGap: 2, m: 0 }}>
        <Typography component="dt" sx={{ fontWeight: 700 }}>
          {t('typography.family')}
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
          <span dir="ltr">{typography.fontFamily}</span>
        </Typography>
        <Typography component="dt" sx={{ fontWeight: 700 }}>
          {t('typography.base')}
        </Typography>
        <Typography component="dd" sx={{ m: 0, fontFamily: 'monospace' }}>
          <span dir="ltr">{`${typography.fontSize}px / html ${typography.htmlFontSize}px`}</span>
        </Typography>
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
        {variants.map((variant) => {
          const style = typography[variant];
          const facts = [
            [t('typography.size'), withPixels(style.fontSize, typography.htmlFontSize)],
            [t('typography.weight'), plain(style.fontWeight)],
            [t('typography.lineHeight'), plain(style.lineHeight)],
            [t('typography.letterSpacing'), plain(style.letterSpacing)],
          ] as const;
          return (
            <Box
              component="li"
              key={variant}
              data-variant={variant}
              sx={{ borderBottom: 1, borderColor: 'divider', pb: 2, display: 'flex', flexDirection: 'column', gap: 1 }}
            >
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: 3, rowGap: 0.5 }}>
                <Typography component="h2" variant="subtitle1" dir="ltr" sx={{ fontFamily: 'monospace', fontWeight: 700, minWidth: 96 }}>
                  {variant}
                </Typography>
                <Box component="dl" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, m: 0 }}>
                  {facts.map(([label, value]) => (
                    <Box key={label} sx={{ display: 'flex', gap: 0.5 }}>
                      <Typography component="dt" variant="body2" color="text.secondary">
                        {label}:
                      </Typography>
                      <Typography component="dd" variant="body2" dir="ltr" sx={{ m: 0, fontFamily: 'monospace' }}>
                        {value}
                      </Typography>
                    </Box>
                  ))}
                </Box>
              </Box>
              {/* The sample is a paragraph whatever its look: the page's headings are its own. */}
              <Typography variant={variant} component="p" sx={{ overflowWrap: 'anywhere' }}>
                {t('typography.sample')}
              </Typography>
            </Box>
          );
        })}
      </Box>
    </>
  );
}
