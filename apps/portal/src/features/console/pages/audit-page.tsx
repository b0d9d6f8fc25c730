import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { z } from 'zod/mini';
import { translateError } from '@/shared/api/translate-error';
import { LoadFailedAlert } from '@/shared/components/load-failed-alert';
import { PageLayout } from '@/shared/components/page-layout/page-layout';
import { simpleFullWidth } from '@/shared/components/page-layout/page-layout-description';
import { formatDateTime } from '@/shared/lib/format';
import { useAudit } from '../api/get-audit';
import { auditDetail } from '../components/audit-detail';
import { PlainTable } from '../components/plain-table';
import { usePlayersTexts } from '../lib/players-texts';

const PER_PAGE = 20;
const idText = z.catch(z.string().check(z.regex(/^([1-9]\d{0,8})?$/)), '');

/** The filters in the URL (`?username=staff&type=banned&from=2026-11-01&page=2`); a stale value is dropped. */
const auditSearch = z.object({
  username: z.catch(z.string().check(z.trim(), z.maxLength(128)), ''),
  type: z.catch(z.string().check(z.maxLength(64)), ''),
  from: z.catch(z.iso.date(), ''),
  to: z.catch(z.iso.date(), ''),
  playerId: idText,
  machineId: idText,
  page: z.catch(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000)), 1),
});
type AuditSearch = z.infer<typeof auditSearch>;

/** The screen's "to" day is included: the API's `to` is exclusive, so it gets the next day. */
const dayAfter = (day: string) => (day ? new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10) : '');

/**
 * /console/audit (staff, admin; docs/console.md "Audit log"): every entry of the audit log, newest
 * first, filtered by who, what, when, player and machine, 20 a page.
 */
export function AuditPage() {
  const t = usePlayersTexts();
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => auditSearch.parse(Object.fromEntries(params)), [params]);
  const filters = useMemo(
    () =>
      Object.fromEntries(
        Object.entries({ ...search, to: dayAfter(search.to), page: String(search.page), perPage: String(PER_PAGE) }).filter(
          ([, value]) => value !== '',
        ),
      ),
    [search],
  );
  const audit = useAudit(filters);
  const update = (patch: Partial<AuditSearch>) => {
    const next = { ...search, page: 1, ...patch };
    setParams(
      Object.fromEntries(Object.entries(next).filter(([key, value]) => value !== '' && !(key === 'page' && value === 1))) as never,
      {
        replace: true,
      },
    );
  };
  const field = (name: 'username' | 'playerId' | 'machineId' | 'from' | 'to', label: string, type = 'text') => (
    <TextField
      size="small"
      label={label}
      type={type}
      value={search[name]}
      onChange={(event) => update({ [name]: event.target.value })}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 128 } }}
      sx={{ width: 160 }}
    />
  );
  const pages = audit.data ? Math.max(1, Math.ceil(audit.data.total / PER_PAGE)) : 1;

  return (
    <PageLayout
      layout={simpleFullWidth}
      aria-labelledby="audit-heading"
      header={
        <Typography id="audit-heading" variant="h4" component="h1" sx={{ fontWeight: 800 }}>
          {t('audit.title')}
        </Typography>
      }
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        {field('username', t('audit.who'))}
        <TextField
          select
          size="small"
          label={t('audit.type')}
          value={search.type}
          onChange={(event) => update({ type: event.target.value })}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('audit.allTypes')}</MenuItem>
          {(audit.data?.types ?? []).map((type) => (
            <MenuItem key={type} value={type}>
              {type}
            </MenuItem>
          ))}
        </TextField>
        {field('from', t('audit.from'), 'date')}
        {field('to', t('audit.to'), 'date')}
        {field('playerId', t('audit.player'))}
        {field('machineId', t('audit.machine'))}
        {audit.data && (
          <Typography variant="body2" color="text.secondary" role="status">
            {t('audit.shown', { total: audit.data.total })}
          </Typography>
        )}
      </Box>
      {audit.isError && <LoadFailedAlert onRetry={() => void audit.refetch()}>{translateError(audit.error)}</LoadFailedAlert>}
      {audit.data && (
        <>
          <PlainTable
            labelledBy="audit-heading"
            headers={[t('columns.time'), t('columns.who'), t('columns.what'), t('columns.player'), t('columns.ip'), t('columns.detail')]}
            rows={audit.data.items.map((item) => ({
              key: item.id,
              testId: `audit-${item.id}`,
              cells: [
                formatDateTime(item.at),
                item.username,
                item.type,
                item.player ?? (item.playerId === null ? '' : `#${item.playerId}`),
                item.ip,
                auditDetail(item),
              ],
            }))}
            empty={t('audit.none')}
          />
          {pages > 1 && (
            <Pagination
              sx={{ mt: 2 }}
              count={pages}
              page={Math.min(search.page, pages)}
              onChange={(_event, page) => update({ page })}
              aria-label={t('audit.pages')}
            />
          )}
        </>
      )}
    </PageLayout>
  );
}
