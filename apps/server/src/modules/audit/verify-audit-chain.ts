import type { Db } from '../../db/client.ts';
import { pickChained, readChainHead, selectAuditRowsAfter } from './audit.repository.ts';
import { auditRowHash, GENESIS_HASH } from './audit-chain.ts';

/** The outcome of recomputing the chain: how many rows verified, and the first one that did not. */
export type AuditChainReport =
  | { ok: true; rows: number }
  | { ok: false; rows: number; firstBadSeq: number; problem: string };

const BATCH = 1000;

/**
 * Recomputes every row's hash in order, in batches (never the whole log in memory). Names the first
 * row that was changed (its hash no longer matches), removed (a number is missing, or the head
 * records rows after the last one) or that does not follow the row before it.
 */
export async function verifyAuditChain(db: Db): Promise<AuditChainReport> {
  let expectedSeq = 1;
  let prevHash = GENESIS_HASH;
  for (;;) {
    const rows = await selectAuditRowsAfter(db, expectedSeq - 1, BATCH);
    for (const row of rows) {
      const bad = (problem: string): AuditChainReport => ({
        ok: false,
        rows: expectedSeq - 1,
        firstBadSeq: expectedSeq,
        problem,
      });
      if (row.seq !== expectedSeq) return bad(`row ${expectedSeq} was removed (the next row is ${row.seq})`);
      const hash = auditRowHash({ ...pickChained(row), prevHash: row.prevHash ?? '' });
      if (row.hash !== hash) return bad(`row ${row.seq} (${row.action}, id ${row.id}) was changed`);
      if (row.prevHash !== prevHash) {
        // The row is intact but names another hash for the row before: that row was rewritten
        // together with its hash.
        return {
          ok: false,
          rows: expectedSeq - 2,
          firstBadSeq: expectedSeq - 1,
          problem: `row ${expectedSeq - 1} was changed (its hash was recomputed; row ${row.seq} no longer follows it)`,
        };
      }
      prevHash = hash;
      expectedSeq += 1;
    }
    if (rows.length < BATCH) break;
  }
  const head = await readChainHead(db);
  const last = expectedSeq - 1;
  if (head.seq !== last || head.hash !== prevHash) {
    return {
      ok: false,
      rows: last,
      firstBadSeq: last + 1,
      problem:
        head.seq > last
          ? `rows ${last + 1} to ${head.seq} were removed`
          : `the chain's head (row ${head.seq}) does not match its last row (${last})`,
    };
  }
  return { ok: true, rows: last };
}
