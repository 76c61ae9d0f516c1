import { auditLogCollection, type AuditEntryData } from '@rafflewin/domain';
import type { DocumentData, DocumentReference, Firestore } from 'firebase-admin/firestore';
import type { Caller } from '../../lib/access';

/** What an administrator changed: a verb-like action, the document path and both states. */
export interface AuditRecord {
  action: string;
  target: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** The entry's own id, for an event told more than once that must be logged once. */
  id?: string;
}

/** A transaction or a batch: the audit entry is written with the change, atomically. */
export interface Writer {
  set(ref: DocumentReference, data: DocumentData): unknown;
}

/** Firestore refuses `undefined`; snapshots in the log leave such fields out. */
function storable(value: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!value) return null;
  return Object.fromEntries(Object.entries(value).filter(([, inner]) => inner !== undefined));
}

/** Adds an `auditLog` entry (who, what, when, before and after) to `writer`. */
export function recordAudit(
  db: Firestore,
  writer: Writer,
  admin: Caller,
  record: AuditRecord,
  now = new Date(),
): void {
  const entry: AuditEntryData = {
    actorUid: admin.uid,
    actorEmail: admin.email,
    action: record.action,
    target: record.target,
    before: storable(record.before),
    after: storable(record.after),
    at: now,
  };
  const log = db.collection(auditLogCollection);
  writer.set(record.id ? log.doc(record.id) : log.doc(), entry);
}
