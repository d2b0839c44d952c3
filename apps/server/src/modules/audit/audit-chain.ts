import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

/** The hash the first row chains from. */
export const GENESIS_HASH = '0'.repeat(64);

/** What a row's hash covers: everything it records, its number and the hash of the row before. */
export type ChainedFields = {
  seq: number;
  actorId: string;
  actorRole: string;
  approverId: string | null;
  approverRole: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  subjectUserId: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
  createdAt: Date;
  prevHash: string;
};

/**
 * SHA-256 (hex) over the row's canonical form: RFC 8785 JSON (sorted keys, one spelling of every
 * number and string), with the time as an ISO 8601 string. The same row always gives the same hash,
 * whichever driver read it back.
 */
export function auditRowHash(fields: ChainedFields): string {
  const canonical = canonicalize({ ...fields, createdAt: fields.createdAt.toISOString() });
  if (canonical === undefined) throw new Error('an audit row has no canonical form');
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}

/** A before/after value as JSON keeps it (what the database will give back): undefined dropped, dates as text. */
export function asStoredJson(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}
