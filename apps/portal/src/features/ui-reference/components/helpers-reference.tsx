import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme, type Breakpoint, type Theme } from '@mui/material/styles';
import { useMediaMatch } from '@/shared/components/page-layout/use-media-match';
import { balanceColors } from '@/shared/theme/balance-colors';
import { visuallyHidden } from '@/shared/theme/theme';
import { useUiReferenceTexts } from '../lib/ui-reference-texts';

const statusColours = ['primary', 'secondary', 'error', 'warning', 'info', 'success'] as const;
const shades = ['main', 'light', 'dark', 'contrastText'] as const;
const spacingSteps = [0, 0.5, 1, 1.5, 2, 3, 4, 5, 6, 8, 10];

/** The colour a theme palette path names ('warning.main'). */
const colourOf = (theme: Theme, path: `${(typeof statusColours)[number]}.main`) =>
  theme.palette[path.split('.')[0] as (typeof statusColours)[number]].main;

/** Whether an sx key multiplies its number by theme.spacing (p, m, gap and their sides have no themeKey). */
function scalesWithSpacing(theme: Theme, key: string, style: ((props: object) => unknown) | undefined): boolean {
  try {
    return style !== undefined && JSON.stringify(style({ [key]: 3, theme })).includes(`"${theme.spacing(3)}"`);
  } catch {
    return false;
  }
}

/** The sx keys that read the theme, by the theme part they read (MUI's sx config). */
function sxKeysByThemePart(theme: Theme): [string, string[]][] {
  const groups = new Map<string, string[]>();
  for (const [key, config] of Object.entries(theme.unstable_sxConfig ?? {})) {
    const part = config.themeKey ?? (scalesWithSpacing(theme, key, config.style) ? 'spacing' : undefined);
    if (part) groups.set(part, [...(groups.get(part) ?? []), key]);
  }
  return [...groups].sort(([a], [b]) => a.localeCompare(b));
}

/** The global classes the theme's CssBaseline defines ('.lobby-background'). */
function globalClasses(theme: Theme): string[] {
  const overrides = theme.components?.MuiCssBaseline?.styleOverrides;
  return overrides && typeof overrides === 'object' ? Object.keys(overrides).filter((selector) => /^\.[\w-]+$/.test(selector)) : [];
}

function Section({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography id={id} component="h2" variant="h5" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography color="text.secondary">{intro}</Typography>
      {children}
    </Box>
  );
}

const Code = ({ children }: { children: ReactNode }) => (
  <Box component="code" dir="ltr" sx={{ fontFamily: 'monospace', fontSize: '0.875rem', overflowWrap: 'anywhere' }}>
    {children}
  </Box>
);

function Swatch({ path, colour }: { path: string; colour: string }) {
  const theme = useTheme();
  return (
    <Box component="li" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, overflow: 'hidden' }}>
      <Box sx={{ bgcolor: colour, color: theme.palette.getContrastText(colour), px: 1.5, py: 2, fontWeight: 700 }} dir="ltr">
        {colour}
      </Box>
      <Box sx={{ px: 1.5, py: 1 }}>
        <Code>{path}</Code>
      </Box>
    </Box>
  );
}

const swatchGrid = {
  listStyle: 'none',
  m: 0,
  p: 0,
  display: 'grid',
  gap: 1.5,
  gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
} as const;

function BreakpointRow({ name, from }: { name: Breakpoint; from: number }) {
  const t = useUiReferenceTexts();
  const theme = useTheme();
  const active = useMediaMatch(theme.breakpoints.up(name));
  return (
    <Box
      component="li"
      data-active={active}
      sx={{
        display: 'flex',
        gap: 2,
        alignItems: 'baseline',
        px: 1.5,
        py: 1,
        borderRadius: 1,
        bgcolor: active ? 'action.selected' : 'transparent',
      }}
    >
      <Code>{name}</Code>
      <Code>{`≥ ${from}px`}</Code>
      {active && <Typography variant="body2">{t('helpers.active')}</Typography>}
    </Box>
  );
}

/** /ui/helper-classes: the theme's spacing, breakpoints, palette, shape, layers and sx keys, read from the theme. */
export function HelpersReference() {
  const t = useUiReferenceTexts();
  const theme = useTheme();
  const breakpoints = Object.entries(theme.breakpoints.values) as [Breakpoint, number][];

  return (
    <>
      <Typography color="text.secondary">{t('helpers.intro')}</Typography>
      <Section id="helpers-spacing" title={t('helpers.spacing')} intro={t('helpers.spacingIntro')}>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {spacingSteps.map((step) => (
            <Box
              component="li"
              key={step}
              sx={{ display: 'grid', gridTemplateColumns: '110px 64px 1fr', gap: 2, alignItems: 'center', py: 0.5 }}
            >
              <Code>{`spacing(${step})`}</Code>
              <Code>{theme.spacing(step)}</Code>
              <Box aria-hidden sx={{ width: theme.spacing(step), height: 12, bgcolor: 'primary.main', borderRadius: 0.5 }} />
            </Box>
          ))}
        </Box>
      </Section>
      <Section id="helpers-breakpoints" title={t('helpers.breakpoints')} intro={t('helpers.breakpointsIntro')}>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {breakpoints.map(([name, from]) => (
            <BreakpointRow key={name} name={name} from={from} />
          ))}
        </Box>
      </Section>
      <Section id="helpers-palette" title={t('helpers.palette')} intro={t('helpers.paletteIntro')}>
        <Box component="ul" sx={swatchGrid} data-testid="palette">
          {statusColours.flatMap((colour) =>
            shades.map((shade) => <Swatch key={`${colour}.${shade}`} path={`${colour}.${shade}`} colour={theme.palette[colour][shade]} />),
          )}
          <Swatch path="background.default" colour={theme.palette.background.default} />
          <Swatch path="background.paper" colour={theme.palette.background.paper} />
          <Swatch path="text.primary" colour={theme.palette.text.primary} />
          <Swatch path="text.secondary" colour={theme.palette.text.secondary} />
          <Swatch path="divider" colour={theme.palette.divider} />
        </Box>
      </Section>
      <Section id="helpers-balance" title={t('helpers.balance')} intro={t('helpers.balanceIntro')}>
        <Box component="ul" sx={swatchGrid} data-testid="balance-colours">
          {Object.entries(balanceColors).map(([kind, path]) => (
            <Box component="li" key={kind} sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
              <Box aria-hidden sx={{ width: 28, height: 28, borderRadius: '50%', bgcolor: path, flexShrink: 0 }} />
              <Box>
                <Typography sx={{ fontWeight: 700, color: path }}>{t(`helpers.kinds.${kind as keyof typeof balanceColors}`)}</Typography>
                <Code>{`${path} ${colourOf(theme, path)}`}</Code>
              </Box>
            </Box>
          ))}
        </Box>
      </Section>
      <Section id="helpers-shape" title={t('helpers.shape')} intro={`theme.shape, theme.zIndex`}>
        <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}>
          <Typography component="dt">{t('helpers.radius')}</Typography>
          <Box component="dd" sx={{ m: 0 }}>
            <Code>{`borderRadius: 1 = ${theme.shape.borderRadius}px`}</Code>
          </Box>
          {Object.entries(theme.zIndex).map(([layer, value]) => (
            <Box key={layer} sx={{ display: 'contents' }}>
              <Box component="dt">
                <Code>{`zIndex.${layer}`}</Code>
              </Box>
              <Box component="dd" sx={{ m: 0 }}>
                <Code>{value}</Code>
              </Box>
            </Box>
          ))}
        </Box>
      </Section>
      <Section id="helpers-sx" title={t('helpers.sx')} intro={t('helpers.sxIntro')}>
        <Box component="dl" sx={{ m: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
          {sxKeysByThemePart(theme).map(([part, keys]) => (
            <Box key={part}>
              <Box component="dt" sx={{ fontWeight: 700 }}>
                <Code>{`theme.${part}`}</Code>
              </Box>
              <Box component="dd" data-theme-part={part} sx={{ m: 0, display: 'flex', flexWrap: 'wrap', columnGap: 1.5 }}>
                {keys.map((key) => (
                  <Code key={key}>{key}</Code>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      </Section>
      <Section id="helpers-classes" title={t('helpers.classes')} intro={t('helpers.classesIntro')}>
        <Box component="ul" sx={{ m: 0, ps: 3 }}>
          {globalClasses(theme).map((selector) => (
            <li key={selector}>
              <Code>{selector}</Code>
            </li>
          ))}
          <li>
            <Code>{`visuallyHidden (shared/theme/theme.ts) = ${JSON.stringify(visuallyHidden)}`}</Code>
          </li>
        </Box>
      </Section>
    </>
  );
}
