import type { AuditAction } from '@candor/contracts/audit';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { recordAudit } from './audit.repository.ts';

/** How many rows an export has sent so far: its lines' generator counts them as it reads them. */
export type ExportTally = { rows: number };

/**
 * A bulk export (CSV), recorded in the audit log as every read of personal data in bulk is
 * (docs/decisions/046-no-silent-money-moves.md): who (`actor`), when, what (`action`, `targetType`),
 * the filter, and how many rows were sent, once the download has ended. A download stopped half-way
 * is recorded too, with the rows it had reached and `complete: false`. The row count is known only
 * at the end, so the row is written then, in a transaction of its own: if that write fails the
 * export has already left, and the failure is logged as an error.
 */
export async function* auditedExport(
  db: Db,
  what: {
    actor: Actor;
    action: AuditAction;
    targetType: string;
    filter: Record<string, unknown>;
    log: Pick<FastifyBaseLogger, 'error'>;
  },
  lines: (tally: ExportTally) => AsyncIterable<string>,
): AsyncGenerator<string> {
  const tally: ExportTally = { rows: 0 };
  let complete = false;
  try {
    yield* lines(tally);
    complete = true;
  } finally {
    await db
      .transaction((tx) =>
        recordAudit(tx, {
          actor: what.actor,
          action: what.action,
          targetType: what.targetType,
          after: { filter: what.filter, rows: tally.rows, complete },
        }),
      )
      .catch((error: unknown) => {
        what.log.error(
          { err: error, action: what.action },
          'an export could not be recorded in the audit log',
        );
      });
  }
}
