export { AuditLog, type AuditEvent } from './audit-log.ts';
