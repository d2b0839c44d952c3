import type { AuditAction } from '@candor/contracts/audit';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Actor } from '../../lib/actor.ts';
import { COMMAND_LINE_ACTOR } from '../../lib/actor.ts';
import { insertPendingDeposit } from '../../test/deposits.ts';
import { insertUser, signInAs, type TestUser } from '../../test/factories.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';
import { recordAudit } from './audit.repository.ts';
import { csvField } from './audit-csv.ts';

const t = useTestApp();
let owner: TestUser;
let accountant: TestUser;
let alice: TestUser;
let bob: TestUser;
let ownerBrowser: Browser;
let supportBrowser: Browser;

async function audit(actor: Actor, action: AuditAction, subject: TestUser | null, extra: object = {}) {
  await t.db.transaction((tx) =>
    recordAudit(tx, {
      actor,
      action,
      targetType: subject ? 'user' : 'site_settings',
      targetId: subject?.id ?? '1',
      reason: `reason of ${action}`,
      before: { n: 1 },
      after: { n: 2 },
      ...extra,
    }),
  );
}

beforeAll(async () => {
  owner = await insertUser(t.db, { role: 'owner', name: 'Olivia Owner' });
  accountant = await insertUser(t.db, { role: 'accountant', name: 'Andy Accountant' });
  alice = await insertUser(t.db, { name: 'Alice Customer' });
  bob = await insertUser(t.db, { name: 'Bob Customer' });
  ownerBrowser = await signInAs(t.app, t.db, owner);
  supportBrowser = await signInAs(t.app, t.db, await insertUser(t.db, { role: 'support' }));
  const o = { id: owner.id, role: 'owner' } as const;
  const a = { id: accountant.id, role: 'accountant' } as const;
  // 30 rows: 1–10 by the owner on Alice, 11–25 by the accountant on Bob, 26–30 from the command line.
  for (let i = 0; i < 10; i++) await audit(o, 'user.adjustment', alice);
  for (let i = 0; i < 15; i++) await audit(a, i % 2 ? 'withdrawal.approve' : 'withdrawal.reject', bob);
  for (let i = 0; i < 4; i++) await audit(COMMAND_LINE_ACTOR, 'staff.role', alice);
  await audit(o, 'settings.update', null, { reason: '=HYPERLINK("http://evil")' });
});

function list(query = '', as = ownerBrowser) {
  return as.request({ method: 'GET', url: `/api/admin/audit${query}` });
}

describe('the audit log', () => {
  test('lists every staff action newest first, naming who, their role, on whom, why, before and after', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items).toHaveLength(25);
    expect(body.items.map((r: { seq: number }) => r.seq)).toEqual(
      Array.from({ length: 25 }, (_, i) => 30 - i),
    );
    expect(body.nextBefore).toBe(6);
    const adjustment = body.items.find((r: { seq: number }) => r.seq === 10);
    expect(adjustment).toMatchObject({
      actor: { id: owner.id, role: 'owner', name: 'Olivia Owner', email: owner.email },
      action: 'user.adjustment',
      subject: { id: alice.id, name: 'Alice Customer', email: alice.email },
      reason: 'reason of user.adjustment',
      before: { n: 1 },
      after: { n: 2 },
    });
    expect(body.items[1]).toMatchObject({ actor: { id: 'cli', role: 'operator', name: null } });

    const older = (await list(`?before=${body.nextBefore}`)).json();
    expect(older.items.map((r: { seq: number }) => r.seq)).toEqual([5, 4, 3, 2, 1]);
    expect(older.nextBefore).toBeNull();
  });

  test('filters by staff member (id or e-mail), customer, kind or prefix, and dates', async () => {
    const byEmail = (await list(`?actor=${encodeURIComponent(accountant.email.toUpperCase())}`)).json();
    expect(byEmail.items).toHaveLength(15);
    expect(byEmail.items.every((r: { actor: { id: string } }) => r.actor.id === accountant.id)).toBe(true);
    expect((await list('?actor=cli')).json().items).toHaveLength(4);

    const onAlice = (await list(`?subject=${alice.id}`)).json();
    expect(onAlice.items).toHaveLength(14);
    const onBobByEmail = (
      await list(`?subject=${encodeURIComponent(bob.email)}&kind=withdrawal.approve`)
    ).json();
    expect(onBobByEmail.items).toHaveLength(7);
    expect((await list('?kind=withdrawal.')).json().items).toHaveLength(15);
    expect((await list('?kind=withdrawal')).json().items).toHaveLength(0);
    expect((await list('?actor=nobody%40example.test')).json()).toEqual({ items: [], nextBefore: null });
    // A range that ends before it starts is refused, in the page's words, for the list and the CSV.
    const reversed = await list('?from=2026-03-10&to=2026-03-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'The To date is before the From date.',
    });
    const reversedCsv = await ownerBrowser.request({
      method: 'GET',
      url: '/api/admin/audit/export.csv?from=2026-03-10&to=2026-03-01',
    });
    expect(reversedCsv.statusCode).toBe(400);

    const today = new Date().toISOString().slice(0, 10);
    expect((await list(`?from=${today}&to=${today}&kind=staff.role`)).json().items).toHaveLength(4);
    expect((await list('?to=2001-01-01')).json().items).toHaveLength(0);
    expect((await list('?from=2999-01-01')).json().items).toHaveLength(0);
    expect((await list('?from=not-a-date')).statusCode).toBe(400);
  });

  test('the chain verifies, and the answer counts its rows', async () => {
    const res = await ownerBrowser.request({ method: 'GET', url: '/api/admin/audit/verification' });
    expect(res.json()).toEqual({ ok: true, rows: 30 });
  });

  test('exports the filtered log as CSV, quoted, with formulas neutralised', async () => {
    const res = await ownerBrowser.request({
      method: 'GET',
      url: `/api/admin/audit/export.csv?actor=${owner.id}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-log-.*\.csv"/);
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'seq,time,actor_id,actor_name,actor_email,actor_role,approver_id,approver_role,action,target_type,target_id,customer_id,customer_name,customer_email,reason,before,after',
    );
    expect(lines).toHaveLength(12);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(lines[2]).toContain(`user.adjustment,user,${alice.id},${alice.id},Alice Customer,${alice.email}`);
    expect(lines[2]).toContain('"{""n"":1}","{""n"":2}"');

    // The export is itself in the log: who, what, the filter and how many rows were sent.
    const [recorded] = (await list('?kind=audit.export')).json().items;
    expect(recorded).toMatchObject({
      actor: { id: owner.id, role: 'owner' },
      action: 'audit.export',
      targetType: 'audit_log',
      createdAt: expect.any(String),
      after: { filter: { actor: owner.id }, rows: 11, complete: true },
    });
  });

  test('support may not read the audit log', async () => {
    expect((await list('', supportBrowser)).statusCode).toBe(403);
  });
});

test('csvField quotes separators and line breaks and neutralises formula starts', () => {
  expect(csvField('plain')).toBe('plain');
  expect(csvField('a,b')).toBe('"a,b"');
  expect(csvField('say "hi"')).toBe('"say ""hi"""');
  expect(csvField('two\nlines')).toBe('"two\nlines"');
  expect(csvField('+1')).toBe("'+1");
  expect(csvField('-2+3')).toBe("'-2+3");
  expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
  expect(csvField('\tx')).toBe("'\tx");
  expect(csvField(null)).toBe('');
  expect(csvField(12)).toBe('12');
});

test('a deposit decision records the customer concerned', async () => {
  const customer = await insertUser(t.db);
  const deposit = await insertPendingDeposit(t.db, customer.id);
  const res = await ownerBrowser.request({
    method: 'POST',
    url: `/api/admin/deposits/${deposit.id}/reject`,
    payload: { reason: 'No payment arrived' },
  });
  expect(res.statusCode).toBe(200);
  const row = (await list(`?subject=${customer.id}`)).json().items[0];
  expect(row).toMatchObject({ action: 'deposit.reject', targetType: 'deposit', targetId: deposit.id });
});

test("a staff member's rows include those they approved as the second staff member, page by page and in the CSV", async () => {
  const maker = await insertUser(t.db, { role: 'accountant', name: 'Mona Maker' });
  const checker = await insertUser(t.db, { role: 'admin', name: 'Carl Checker' });
  const m = { id: maker.id, role: 'accountant' } as const;
  const c = { id: checker.id, role: 'admin' } as const;
  // 40 rows of the checker's, newest last: 30 made by the maker and approved by the checker,
  // interleaved with 10 the checker made alone; and 5 the maker made alone.
  for (let i = 0; i < 40; i++) {
    if (i % 4 === 3) await audit(c, 'withdrawal.approve', bob);
    else await audit(m, 'user.adjustment', alice, { approver: c });
  }
  for (let i = 0; i < 5; i++) await audit(m, 'withdrawal.reject', bob);

  const first = (await list(`?actor=${encodeURIComponent(checker.email)}`)).json();
  expect(first.items).toHaveLength(25);
  const second = (await list(`?actor=${checker.id}&before=${first.nextBefore}`)).json();
  expect(second.items).toHaveLength(15);
  expect(second.nextBefore).toBeNull();
  const rows = [...first.items, ...second.items];
  const seqs = rows.map((row: { seq: number }) => row.seq);
  expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
  expect(new Set(seqs).size).toBe(40);
  expect(
    rows.filter((row: { approver: { id: string } | null }) => row.approver?.id === checker.id),
  ).toHaveLength(30);
  expect(rows.filter((row: { actor: { id: string } }) => row.actor.id === checker.id)).toHaveLength(10);
  // Made by the maker: their own 35, approved by someone else or not.
  const made = (await list(`?actor=${maker.id}`)).json();
  expect(made.items).toHaveLength(25);
  expect(made.items.every((row: { actor: { id: string } }) => row.actor.id === maker.id)).toBe(true);
  // Other filters still apply to both: the checker's approvals of adjustments only.
  const adjustments = (await list(`?actor=${checker.id}&kind=user.adjustment`)).json();
  expect(adjustments.items).toHaveLength(25);
  expect(adjustments.items.every((row: { action: string }) => row.action === 'user.adjustment')).toBe(true);

  const csv = await ownerBrowser.request({
    method: 'GET',
    url: `/api/admin/audit/export.csv?actor=${checker.id}`,
  });
  expect(csv.statusCode).toBe(200);
  expect(csv.body.trim().split('\n')).toHaveLength(1 + 40);
});
