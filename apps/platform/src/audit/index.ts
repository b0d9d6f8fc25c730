export { AuditLog, type AuditEvent, type AuditRow } from './audit-log.ts';
