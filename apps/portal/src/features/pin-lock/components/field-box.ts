import type { Theme } from '@mui/material/styles';

/**
 * A plain input drawn as an outlined text field (the PIN, the password of the PIN hint). Not MUI's
 * OutlinedInput and InputLabel: they share chunks with the login page, and this dialog importing them
 * would split those chunks on the first load.
 */
export const fieldBox =
  (invalid: boolean, text: { fontSize?: string; letterSpacing?: string } = {}) =>
  (theme: Theme) => ({
    display: 'block',
    width: '100%',
    boxSizing: 'border-box' as const,
    font: 'inherit',
    ...text,
    color: theme.palette.text.primary,
    background: 'transparent',
    border: `1px solid ${invalid ? theme.palette.error.main : theme.palette.divider}`,
    borderRadius: `${theme.shape.borderRadius}px`,
    padding: '14px',
    '&:focus': { outline: `2px solid ${invalid ? theme.palette.error.main : theme.palette.primary.main}`, outlineOffset: '-1px' },
  });
