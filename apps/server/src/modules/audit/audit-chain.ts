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

/**
 * The canonical form of a row (as `auditRowHash` hashes it) cut around the three values only the
 * database knows when it appends the row under the chain's lock: its time, the previous hash and its
 * number. `prefix + createdAt (ISO 8601) + afterCreatedAt + prevHash + afterPrevHash + seq + suffix`
 * is exactly the canonical form, so the append can hash it in SQL in the statement that takes the
 * lock (RFC 8785 sorts keys: …, before, createdAt, prevHash, reason, seq, subjectUserId, …).
 */
export type CanonicalParts = {
  prefix: string;
  afterCreatedAt: string;
  afterPrevHash: string;
  suffix: string;
};

export function canonicalParts(
  fields: Omit<ChainedFields, 'seq' | 'prevHash' | 'createdAt'>,
): CanonicalParts {
  const head = canonicalize({
    action: fields.action,
    actorId: fields.actorId,
    actorRole: fields.actorRole,
    after: fields.after,
    approverId: fields.approverId,
    approverRole: fields.approverRole,
    before: fields.before,
  });
  const reason = canonicalize(fields.reason);
  const tail = canonicalize({
    subjectUserId: fields.subjectUserId,
    targetId: fields.targetId,
    targetType: fields.targetType,
  });
  if (head === undefined || reason === undefined || tail === undefined) {
    throw new Error('an audit row has no canonical form');
  }
  return {
    prefix: `${head.slice(0, -1)},"createdAt":"`,
    afterCreatedAt: '","prevHash":"',
    afterPrevHash: `","reason":${reason},"seq":`,
    suffix: `,${tail.slice(1)}`,
  };
}
