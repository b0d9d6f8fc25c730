import { createElement, useDeferredValue, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { portalIconDrawings } from '../lib/portal-icon-drawings';
import { useUiReferenceTexts } from '../lib/ui-reference-texts';

export type PortalIconName = keyof typeof portalIconDrawings;

const names = Object.keys(portalIconDrawings).sort() as PortalIconName[];

/** A portal icon drawn from its data: the same SVG as its @mui/icons-material component, at 1em. */
export function PortalIcon({ name, size = '1.5rem' }: { name: PortalIconName; size?: string | number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 24 24"
      aria-hidden
      focusable="false"
      sx={{ width: '1em', height: '1em', fontSize: size, fill: 'currentColor', flexShrink: 0 }}
    >
      {portalIconDrawings[name].map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </Box>
  );
}

type Copied = { name: PortalIconName; ok: boolean } | null;

/** Writes `text` to the clipboard; false when the browser has no clipboard here (an insecure page) or refuses. */
async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** /ui/icons: the portal's icons (lib/portal-icon-drawings.ts), searchable by name; choosing one copies its name. */
export function IconsReference() {
  const t = useUiReferenceTexts();
  const [query, setQuery] = useState('');
  const [copied, setCopied] = useState<Copied>(null);
  const needle = useDeferredValue(query.trim().toLowerCase());
  const shown = names.filter((name) => name.toLowerCase().includes(needle));

  const copy = async (name: PortalIconName) => setCopied({ name, ok: await copyText(name) });

  return (
    <>
      <Typography color="text.secondary">{t('icons.intro')}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <TextField
          type="search"
          size="small"
          label={t('icons.search')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 60, 'aria-describedby': 'icons-shown' } }}
          sx={{ minWidth: { xs: '100%', sm: 280 } }}
        />
        <Typography id="icons-shown" variant="body2" color="text.secondary">
          {t('icons.shown', { shown: shown.length, total: names.length })}
        </Typography>
      </Box>
      {/* Read out as it changes; shown until the next copy. */}
      <Typography role="status" sx={{ minHeight: 24, fontWeight: 600, color: copied?.ok === false ? 'error.main' : 'success.main' }}>
        {copied && t(copied.ok ? 'icons.copied' : 'icons.copyFailed', { name: copied.name })}
      </Typography>
      {shown.length === 0 ? (
        <Typography>{t('icons.none', { query: query.trim() })}</Typography>
      ) : (
        <Box
          component="ul"
          sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(auto-fill, minmax(132px, 1fr))' }}
        >
          {shown.map((name) => {
            const done = copied?.ok && copied.name === name;
            return (
              <li key={name}>
                <ButtonBase
                  onClick={() => void copy(name)}
                  sx={{
                    width: '100%',
                    minHeight: 104,
                    p: 1.5,
                    display: 'flex',
                    flexDirection: 'column',
                    gap: 1,
                    borderRadius: 1,
                    border: 1,
                    borderColor: done ? 'success.main' : 'divider',
                    '&:hover, &.Mui-focusVisible': { bgcolor: 'action.hover', borderColor: 'primary.main' },
                    '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
                  }}
                >
                  <PortalIcon name={name} size={32} />
                  <Typography component="span" variant="caption" dir="ltr" sx={{ overflowWrap: 'anywhere', textAlign: 'center' }}>
                    {name}
                  </Typography>
                  {done && (
                    // The status line says it to a screen reader; this keeps the button's name its icon's.
                    <Typography aria-hidden component="span" variant="caption" sx={{ color: 'success.main', fontWeight: 700 }}>
                      {t('icons.copiedMark')}
                    </Typography>
                  )}
                </ButtonBase>
              </li>
            );
          })}
        </Box>
      )}
    </>
  );
}
