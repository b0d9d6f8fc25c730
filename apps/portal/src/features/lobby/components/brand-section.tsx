import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Brand, Machine } from '@reelcast/protocol';
import { paths } from '@/shared/config/paths';
import { JackpotList } from './jackpot-list';
import { MachineGrid } from './machine-grid';

/** One brand in the lobby: heading linking to the brand page, its jackpots, its machines (`spread`, `first`: MachineGrid's). */
export function BrandSection({ brand, machines, spread, first }: { brand: Brand; machines: Machine[]; spread?: number; first?: boolean }) {
  const { t } = useTranslation();
  const headingId = `brand-${brand.id}-heading`;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', gap: 1.5 }}>
        <Typography id={headingId} variant="h5" component="h2" sx={{ fontWeight: 700 }}>
          {brand.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('lobby.machineCount', { count: brand.machineCount || machines.length })}
        </Typography>
        {/* Typography as a link: MUI's Link would add its own chunk to the lobby's first load. */}
        <Typography
          component={RouterLink}
          to={paths.brand.getHref(brand.id, brand.name)}
          variant="body2"
          color="primary"
          sx={{ marginInlineStart: 'auto', textDecoration: 'none', '&:hover, &:focus-visible': { textDecoration: 'underline' } }}
        >
          {t('lobby.showBrand', { brand: brand.name })}
        </Typography>
      </Box>
      <JackpotList jackpot={brand.jackpot} />
      <MachineGrid machines={machines} spread={spread} first={first} />
    </Box>
  );
}
