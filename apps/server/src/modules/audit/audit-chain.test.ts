import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { beforeAll, expect, test } from 'vitest';
import { failedRequirement } from '../../db/require.ts';
import { selectRows } from '../../db/select-rows.ts';
import { COMMAND_LINE_ACTOR } from '../../lib/actor.ts';
import { spyOnStatements } from '../../test/statements.ts';
import { useTestApp } from '../../test/test-app.ts';
import { appendHeldAudits, holdAuditsUntilCommit, recordAudit } from './audit.repository.ts';
import { verifyAuditChain } from './verify-audit-chain.ts';

/** The tamper-evidence of the audit log (issue 10): the chain verifies, and names what was changed or removed. */
const t = useTestApp();

async function write(n: number, label: string) {
  for (let i = 1; i <= n; i++) {
    await t.db.transaction((tx) =>
      recordAudit(tx, {
        actor: COMMAND_LINE_ACTOR,
        action: 'staff.role',
        targetType: 'user',
        targetId: `${label}-${i}`,
        reason: `${label} ${i}`,
        before: { role: 'client' },
        after: { role: 'support' },
      }),
    );
  }
}

/** Runs SQL with the append-only trigger off, as someone with direct database access could. */
async function behindTheTrigger(statement: ReturnType<typeof sql>) {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_log disable trigger audit_log_append_only`);
    await tx.execute(statement);
    await tx.execute(sql`alter table audit_log enable trigger audit_log_append_only`);
  });
}

async function refusal(statement: ReturnType<typeof sql>): Promise<string> {
  try {
    await t.db.execute(statement);
  } catch (error) {
    const cause = (error as { cause?: Error }).cause;
    return `${(error as Error).message} ${cause?.message ?? ''}`;
  }
  return 'accepted';
}

beforeAll(() => write(8, 'first'));

test('the chain of untouched rows verifies', async () => {
  expect(await verifyAuditChain(t.db)).toEqual({ ok: true, rows: 8 });
});

test('a row altered in SQL behind the trigger breaks the chain, naming that row', async () => {
  await behindTheTrigger(sql`update audit_log set reason = 'nothing to see' where seq = 3`);
  const report = await verifyAuditChain(t.db);
  expect(report).toMatchObject({ ok: false, rows: 2, firstBadSeq: 3 });
  expect(report.ok === false && report.problem).toMatch(/^row 3 \(staff\.role, id .+\) was changed$/);
  // Put back exactly as it was, the chain verifies again.
  await behindTheTrigger(sql`update audit_log set reason = 'first 3' where seq = 3`);
  expect(await verifyAuditChain(t.db)).toEqual({ ok: true, rows: 8 });
});

test('a row removed in the middle, or at the end, is named as removed', async () => {
  const [saved] = await selectRows<Record<string, unknown>>(t.db, sql`select * from audit_log where seq = 5`);
  await behindTheTrigger(sql`delete from audit_log where seq = 5`);
  const middle = await verifyAuditChain(t.db);
  expect(middle).toMatchObject({
    ok: false,
    firstBadSeq: 5,
    problem: 'row 5 was removed (the next row is 6)',
  });

  await behindTheTrigger(
    sql`insert into audit_log select * from json_populate_record(null::audit_log, ${JSON.stringify(saved)}::json)`,
  );
  expect(await verifyAuditChain(t.db)).toEqual({ ok: true, rows: 8 });

  await behindTheTrigger(sql`delete from audit_log where seq = 8`);
  expect(await verifyAuditChain(t.db)).toMatchObject({
    ok: false,
    rows: 7,
    firstBadSeq: 8,
    problem: 'rows 8 to 8 were removed',
  });
});

test('a plain UPDATE, DELETE or TRUNCATE of the audit log is refused by the database', async () => {
  expect(await refusal(sql`update audit_log set reason = 'x' where seq = 1`)).toContain(
    'audit_log is append-only: UPDATE is not allowed',
  );
  expect(await refusal(sql`delete from audit_log where seq = 1`)).toContain(
    'audit_log is append-only: DELETE is not allowed',
  );
  expect(await refusal(sql`truncate audit_log`)).toContain(
    'audit_log is append-only: TRUNCATE is not allowed',
  );
  const [row] = await selectRows<{ n: number }>(t.db, sql`select count(*)::int as n from audit_log`);
  expect(row?.n).toBe(7);
});

test('20 audited actions at once still form one valid chain', async () => {
  // Start over from a repaired head, so the chain is whole before the race.
  await t.db.execute(
    sql`update audit_chain_head set seq = 7, hash = (select hash from audit_log where seq = 7)`,
  );
  expect(await verifyAuditChain(t.db)).toEqual({ ok: true, rows: 7 });
  await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      t.db.transaction(async (tx) => {
        // Some work before the audit row, so the transactions overlap on PostgreSQL.
        await tx.execute(sql`select pg_sleep(${(i % 5) / 100})`);
        await recordAudit(tx, {
          actor: COMMAND_LINE_ACTOR,
          action: 'staff.role',
          targetType: 'user',
          targetId: `racer-${i}`,
        });
      }),
    ),
  );
  expect(await verifyAuditChain(t.db)).toEqual({ ok: true, rows: 27 });
  const seqs = (await selectRows<{ seq: string }>(t.db, sql`select seq from audit_log order by seq`)).map(
    (r) => Number(r.seq),
  );
  expect(seqs).toEqual(Array.from({ length: 27 }, (_, i) => i + 1));
});

test('any content (quotes, backslashes, emoji, line separators, nested snapshots) hashes in the database as auditRowHash does', async () => {
  const before = await verifyAuditChain(t.db);
  expect(before.ok).toBe(true);
  await t.db.transaction((tx) =>
    recordAudit(tx, {
      actor: COMMAND_LINE_ACTOR,
      action: 'settings.update',
      targetType: 'settings',
      targetId: 'quote " back \\ slash',
      reason: 'emoji 💶 and \u2028 line \n separators, ünïcödé, tab\t',
      before: { nested: { list: [1, 2.5, -3e-7, 'x'], empty: {} }, flag: false, none: null },
      after: { big: 12345678901234, text: '</script>' },
    }),
  );
  expect(await verifyAuditChain(t.db)).toEqual({ ok: true, rows: before.rows + 1 });
});

test('a held audit is appended by the last statement of its transaction, and not at all when it rolls back', async () => {
  const count = async () =>
    Number((await selectRows<{ n: string }>(t.db, sql`select count(*)::text as n from audit_log`))[0]?.n);
  const start = await count();
  const entry = {
    actor: COMMAND_LINE_ACTOR,
    action: 'staff.role' as const,
    targetType: 'user',
    targetId: 'held',
  };
  await t.db.transaction(async (tx) => {
    holdAuditsUntilCommit(tx);
    await recordAudit(tx, entry);
    await recordAudit(tx, { ...entry, targetId: 'held-2' });
    const inside = await selectRows<{ n: string }>(tx, sql`select count(*)::text as n from audit_log`);
    expect(Number(inside[0]?.n)).toBe(start);
    await appendHeldAudits(tx);
  });
  expect(await count()).toBe(start + 2);
  await expect(
    t.db.transaction(async (tx) => {
      holdAuditsUntilCommit(tx);
      await recordAudit(tx, { ...entry, targetId: 'rolled-back' });
      throw new Error('the use case failed');
    }),
  ).rejects.toThrow('the use case failed');
  expect(await count()).toBe(start + 2);
  expect((await verifyAuditChain(t.db)).ok).toBe(true);
});

test('no route or command changes or deletes an audit row (only sealing the rows written before the chain)', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  const offenders: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (
        entry.name.endsWith('.ts') &&
        !entry.name.endsWith('.test.ts') &&
        !file.includes(`${path.sep}test${path.sep}`)
      ) {
        const text = fs.readFileSync(file, 'utf8');
        const hits =
          text.match(
            /\.(update|delete)\(\s*auditLog\s*\)|(update|delete\s+from|truncate)\s+(table\s+)?"?audit_log\b/gi,
          ) ?? [];
        for (const hit of hits) offenders.push(`${path.relative(root, file)}: ${hit}`);
      }
    }
  };
  walk(root);
  expect(offenders).toEqual(['modules/audit/audit.repository.ts: .update(auditLog)']);
  const repository = fs.readFileSync(path.join(root, 'modules/audit/audit.repository.ts'), 'utf8');
  const sealing = repository.slice(repository.indexOf('export async function sealUnchainedAuditRows'));
  expect(sealing.slice(0, sealing.indexOf('\n}\n'))).toContain('.update(auditLog)');
});

test("a transaction's held audits are appended in order by one statement, each chained to the one before", async () => {
  const before = await verifyAuditChain(t.db);
  expect(before.ok).toBe(true);
  const targets = ['first " quote', 'second \\ 💶', 'third \u2028 line'];
  let sentByAppend = 0;
  await t.db.transaction(async (tx) => {
    holdAuditsUntilCommit(tx);
    for (const [i, targetId] of targets.entries()) {
      await recordAudit(tx, {
        actor: COMMAND_LINE_ACTOR,
        action: 'settings.update',
        targetType: 'settings',
        targetId,
        reason: i === 1 ? null : `reason ${i}`,
        before: i === 2 ? { nested: { list: [1, 2.5, null] } } : null,
        after: { step: i },
      });
    }
    const sent = spyOnStatements(tx);
    await appendHeldAudits(tx, {
      statement: sql`select 1 as x from generate_series(1, 3)`,
      failure: 'nothing alongside',
    });
    // Counted here: the commit is sent through the same function.
    sentByAppend = sent.mock.calls.length;
    sent.mockRestore();
  });
  expect(sentByAppend).toBe(1);
  expect(await verifyAuditChain(t.db)).toEqual({ ok: true, rows: before.rows + 3 });
  const rows = await selectRows<{ target_id: string; created_at: string }>(
    t.db,
    sql`select target_id, created_at::text from audit_log order by seq desc limit 3`,
  );
  expect(rows.map((row) => row.target_id).reverse()).toEqual(targets);
  const times = rows.map((row) => row.created_at).reverse();
  expect([...times].sort()).toEqual(times);
});

test('the statement sent with the held audits must return a row: else it fails in the database and nothing is appended', async () => {
  const before = await verifyAuditChain(t.db);
  const failure = await t.db
    .transaction(async (tx) => {
      holdAuditsUntilCommit(tx);
      await recordAudit(tx, { actor: COMMAND_LINE_ACTOR, action: 'settings.update', targetType: 'settings' });
      await appendHeldAudits(tx, { statement: sql`select 1 as x where false`, failure: 'nothing alongside' });
    })
    .then(
      () => undefined,
      (error: unknown) => failedRequirement(error),
    );
  expect(failure).toBe('nothing alongside');
  expect(await verifyAuditChain(t.db)).toEqual(before);
  // Without audits, the statement goes alone and checks the same.
  const alone = await t.db
    .transaction((tx) =>
      appendHeldAudits(tx, { statement: sql`select 1 as x where false`, failure: 'alone' }),
    )
    .then(
      () => undefined,
      (error: unknown) => failedRequirement(error),
    );
  expect(alone).toBe('alone');
});
