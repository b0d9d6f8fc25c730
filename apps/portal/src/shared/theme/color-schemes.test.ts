import { describe, expect, it } from 'vitest';
import { DEFAULT_SCHEME_ID, loadColorSchemes, paletteOf } from './scheme-palettes';

import { createAppTheme } from './theme';

/** Every scheme, the default first (the table loaded as the app loads it). */
const colorSchemes = await loadColorSchemes();

/** #rgb, #rrggbb or rgb(a)(…) as [r, g, b, alpha]. */
function parse(colour: string): [number, number, number, number] {
  let channels: number[];
  if (/^#[0-9a-f]{3}$/i.test(colour)) channels = [...colour.slice(1)].map((digit) => parseInt(digit + digit, 16));
  else if (/^#[0-9a-f]{6}$/i.test(colour)) channels = [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16));
  else channels = (/^rgba?\(([^)]+)\)$/.exec(colour)?.[1] ?? '').split(',').map(Number);
  const [r, g, b, a = 1] = channels;
  if (r === undefined || g === undefined || b === undefined || [r, g, b, a].some(Number.isNaN)) throw new Error(`not a colour: ${colour}`);
  return [r, g, b, a];
}

/** A colour, made opaque over the background it is drawn on. */
function over(colour: string, background: string): [number, number, number] {
  const [r, g, b, a] = parse(colour);
  const [br, bg, bb] = parse(background);
  return [r * a + br * (1 - a), g * a + bg * (1 - a), b * a + bb * (1 - a)];
}

/** WCAG 2.1 relative luminance and contrast ratio. */
const luminance = (rgb: [number, number, number]) => {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

export function contrast(foreground: string, background: string): number {
  const [a, b] = [luminance(over(foreground, background)), luminance(over(background, '#ffffff'))];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

describe('colour schemes', () => {
  it('checks contrast the WCAG way', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrast('rgba(255, 255, 255, 0.7)', '#000000')).toBeGreaterThan(9);
  });

  it('offers eight dark schemes, then four light ones, each with its own id; the default is first', () => {
    expect(colorSchemes.map((scheme) => scheme.palette.mode)).toEqual([
      ...Array<string>(8).fill('dark'),
      ...Array<string>(4).fill('light'),
    ]);
    expect(new Set(colorSchemes.map((scheme) => scheme.id)).size).toBe(colorSchemes.length);
    expect(colorSchemes[0]?.id).toBe(DEFAULT_SCHEME_ID);
    expect(colorSchemes.find((scheme) => scheme.id === 'daylight')?.palette.background).toEqual({ default: '#f4f6fb', paper: '#ffffff' });
  });

  it.each(colorSchemes.map((scheme) => [scheme.id]))(
    '%s passes WCAG AA (4.5:1) for text, button text, links and selected items',
    async (id) => {
      await loadColorSchemes();
      const { palette } = createAppTheme('ltr', id);
      const pairs: [string, string, string][] = [];
      for (const background of ['default', 'paper'] as const) {
        pairs.push([`text.primary on background.${background}`, palette.text.primary, palette.background[background]]);
        pairs.push([`text.secondary on background.${background}`, palette.text.secondary, palette.background[background]]);
      }
      pairs.push(['primary.contrastText on primary.main', palette.primary.contrastText, palette.primary.main]);
      pairs.push(['primary.main on background.paper', palette.primary.main, palette.background.paper]);
      pairs.push(['secondary.main on background.paper', palette.secondary.main, palette.background.paper]);
      const failing = pairs
        .map(([what, foreground, background]) => ({ what, ratio: contrast(foreground, background) }))
        .filter(({ ratio }) => ratio < 4.5)
        .map(({ what, ratio }) => `${what}: ${ratio.toFixed(2)}`);
      expect(failing).toEqual([]);
    },
  );

  it('gives an unknown id the default scheme', async () => {
    await loadColorSchemes();
    expect(paletteOf('no-such-scheme')).toBe(paletteOf(DEFAULT_SCHEME_ID));
    expect(createAppTheme('ltr', 'no-such-scheme').palette.background.default).toBe('#0b1220');
    expect(createAppTheme('rtl', 'daylight').palette.background.default).toBe('#f4f6fb');
    expect(createAppTheme('rtl', 'daylight').direction).toBe('rtl');
  });
});
