import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import type SvgIcon from '@mui/material/SvgIcon';
import { PortalIcon, type PortalIconName } from '../components/icons-reference';
import { portalIconDrawings } from './portal-icon-drawings';

/** Every source file of the portal, as text (Vite reads them for the test; nothing of this reaches the app). */
const sources = import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/features/ui-reference/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The icons apps/portal/src imports, by module name (this feature imports none). */
function importedIcons(): string[] {
  const names = new Set<string>();
  for (const [file, text] of Object.entries(sources)) {
    for (const match of text.matchAll(/['"]@mui\/icons-material(?:\/(?:esm\/)?([A-Za-z0-9]+))?['"]/g)) {
      // A bare '@mui/icons-material' import would pull in the whole set: each icon comes from its own module.
      if (!match[1]) throw new Error(`${file} imports '@mui/icons-material' itself: import each icon from its own module`);
      names.add(match[1]);
    }
  }
  return [...names].sort();
}

const svgOf = (element: HTMLElement) => element.querySelector('svg')!.innerHTML;

describe('the portal icon drawings (/ui/icons)', () => {
  it('hold exactly the icons the portal imports (else: node apps/portal/scripts/portal-icons.mjs)', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(Object.keys(sources).some((file) => file.includes('ui-reference'))).toBe(false);
    const imported = importedIcons();
    const listed = Object.keys(portalIconDrawings).sort();
    const missing = imported.filter((name) => !listed.includes(name));
    const unused = listed.filter((name) => !imported.includes(name));
    expect({ missing, unused }, 'run node apps/portal/scripts/portal-icons.mjs').toEqual({ missing: [], unused: [] });
  });

  it('draw each icon as its own @mui/icons-material component does', async () => {
    for (const name of Object.keys(portalIconDrawings) as PortalIconName[]) {
      const module = (await import(/* @vite-ignore */ `@mui/icons-material/${name}`)) as { default: typeof SvgIcon };
      const Real = module.default;
      const real = render(<Real />);
      const drawn = render(<PortalIcon name={name} />);
      expect(svgOf(drawn.container), name).toBe(svgOf(real.container));
      expect(svgOf(drawn.container)).not.toBe('');
      real.unmount();
      drawn.unmount();
    }
  });
});
