import Box from '@mui/material/Box';

/**
 * The room of `count` icon buttons (40 × 40 each) kept in the toolbar while their code is on its way,
 * so the controls already there do not move when they arrive (docs/portal-shell.md "The toolbar").
 */
export function IconPlace({ count = 1 }: { count?: number }) {
  return <Box aria-hidden data-testid="icon-place" sx={{ width: 40 * count, height: 40, flexShrink: 0 }} />;
}
