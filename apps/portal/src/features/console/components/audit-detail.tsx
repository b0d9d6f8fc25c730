import type { AuditItem } from '@reelcast/protocol';

/** An audit entry's detail as one line: its reason first, then the other fields. */
export function auditDetail(item: AuditItem): string {
  const { reason, ...rest } = item.detail;
  const fields = Object.entries(rest)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value as string | number | boolean)}`);
  return [typeof reason === 'string' ? `“${reason}”` : null, ...fields].filter(Boolean).join(' · ');
}
