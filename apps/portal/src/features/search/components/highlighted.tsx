import { Fragment } from 'react';
import type { Range } from '../lib/match';

/** `text` with its matched `ranges` in <mark> (styled by the results' container). */
export function Highlighted({ text, ranges }: { text: string; ranges: readonly Range[] }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(<Fragment key={`t${at}`}>{text.slice(at, start)}</Fragment>);
    parts.push(<mark key={`m${start}`}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) parts.push(<Fragment key={`t${at}`}>{text.slice(at)}</Fragment>);
  return <>{parts}</>;
}

/** How <mark> looks in the results: the scheme's primary colour and its text colour (WCAG AA in every scheme, shared/theme/color-schemes.test.ts). */
export const markStyles = {
  '& mark': { bgcolor: 'primary.main', color: 'primary.contrastText', borderRadius: 0.5, px: 0.25, fontWeight: 700 },
} as const;
