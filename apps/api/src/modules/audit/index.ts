// What the rest of the API may use of the audit module (docs/decisions/013-module-boundaries.md).
export {
  type AuditActor,
  type AuditInput,
  type AuditedChange,
  SYSTEM_ACTOR,
  UnauditedChangeError,
  auditedChange,
  entityTimeline,
  fieldDiff,
} from './service.ts';
