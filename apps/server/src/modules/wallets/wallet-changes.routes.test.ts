import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, test } from 'vitest';
import { approvals } from '../../db/schema/approvals.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { siteSettings } from '../../db/schema/settings.ts';
import { walletAddresses } from '../../db/schema/wallets.ts';
import { type TestUser, useSignedInUser } from '../../test/factories.ts';
import { type Browser, useTestApp } from '../../test/test-app.ts';
import { verifyAuditChain } from '../audit/verify-audit-chain.ts';
import { requireSiteSettings } from '../settings/settings.repository.ts';
import { findWalletAddress } from './wallets.repository.ts';

/**
 * Four-eyes on the deposit addresses (docs/decisions/048): with the threshold above 0, a change waits
 * for a second staff member with settings.manage; customers keep paying to the addresses in force.
 */
const t = useTestApp();
const maker = useSignedInUser(t, { role: 'admin', name: 'Mona Maker' });
const checker = useSignedInUser(t, { role: 'owner', name: 'Carl Checker' });
const accountant = useSignedInUser(t, { role: 'accountant' });
const customer = useSignedInUser(t);

type Staff = { user: TestUser; browser: Browser };

const first = {
  bitcoin: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  ethereum: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  usdt: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
};
const rogue = {
  bitcoin: '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
  ethereum: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  usdt: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
};

async function setThreshold(cents: bigint): Promise<void> {
  await requireSiteSettings(t.db);
  await t.db.update(siteSettings).set({ fourEyesThresholdMinor: cents }).where(eq(siteSettings.id, 1));
}

/** The addresses in force are `first`, set on a one-person install; nothing waits; four-eyes is on. */
beforeEach(async () => {
  await t.db.delete(approvals).where(eq(approvals.kind, 'wallet_change'));
  await setThreshold(0n);
  const set = await put({ ...first, reason: 'Opening the platform' });
  expect(set.statusCode, set.body).toBe(200);
  await setThreshold(100_000n);
});

function put(body: object, as: Staff = maker) {
  return as.browser.request({ method: 'PUT', url: '/api/admin/wallet-addresses', payload: body });
}

function read(as: Staff = maker) {
  return as.browser.request({ method: 'GET', url: '/api/admin/wallet-addresses' });
}

function decide(as: Staff, id: string, action: 'approve' | 'reject', reason = 'Called the treasurer') {
  return as.browser.post(`/api/admin/approvals/${id}/${action}`, { reason });
}

/** The address a customer is told to pay USDT to. */
async function quotedUsdtAddress(): Promise<string> {
  const res = await customer.browser.post('/api/deposit-quotes', { amount: '100', coin: 'usdt' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().address;
}

async function askForRogue(reason = 'Moving to the new exchange wallet'): Promise<string> {
  const res = await put({ ...rogue, reason });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().state).toBe('awaiting_approval');
  return res.json().addresses.pendingChange.id;
}

function auditRows(action: string) {
  return t.db.select().from(auditLog).where(eq(auditLog.action, action));
}

describe('with four-eyes on, a change of the deposit addresses waits for a second staff member', () => {
  test('nothing changes: customers are shown the addresses in force, the wallet page shows the waiting change', async () => {
    const res = await put({ ...rogue, reason: '  Moving to the new exchange wallet ' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      state: 'awaiting_approval',
      addresses: {
        ...first,
        pendingChange: {
          kind: 'wallet_change',
          status: 'awaiting',
          userId: null,
          email: null,
          amount: null,
          direction: null,
          walletChange: { before: first, after: rogue },
          maker: { id: maker.user.id, name: 'Mona Maker', role: 'admin' },
          makerReason: 'Moving to the new exchange wallet',
          checker: null,
        },
      },
    });
    expect((await read()).json()).toEqual(body.addresses);
    expect(await findWalletAddress(t.db, 'bitcoin')).toBe(first.bitcoin);
    expect(await quotedUsdtAddress()).toBe(first.usdt);
    const [request] = await auditRows('approval.request');
    expect(request).toMatchObject({
      actorId: maker.user.id,
      reason: 'Moving to the new exchange wallet',
      subjectUserId: null,
      after: { kind: 'wallet_change', before: first, after: rogue },
    });
  });

  test('the first addresses wait too', async () => {
    await t.db.delete(walletAddresses);
    const res = await put({ ...first, reason: 'Opening the platform' });
    expect(res.json()).toMatchObject({
      state: 'awaiting_approval',
      addresses: {
        bitcoin: null,
        ethereum: null,
        usdt: null,
        pendingChange: {
          walletChange: { before: { bitcoin: null, ethereum: null, usdt: null }, after: first },
        },
      },
    });
    const refused = await customer.browser.post('/api/deposit-quotes', { amount: '100', coin: 'usdt' });
    expect(refused.json().code).toBe('WALLET_NOT_CONFIGURED');
    expect((await decide(checker, res.json().addresses.pendingChange.id, 'approve')).statusCode).toBe(200);
    expect(await quotedUsdtAddress()).toBe(first.usdt);
  });

  test('the maker can neither approve nor reject their own change (403 MAKER_CANNOT_APPROVE)', async () => {
    const id = await askForRogue();
    for (const action of ['approve', 'reject'] as const) {
      const res = await decide(maker, id, action);
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('MAKER_CANNOT_APPROVE');
    }
    expect(await quotedUsdtAddress()).toBe(first.usdt);
    const [row] = await t.db.select().from(approvals).where(eq(approvals.id, id));
    expect(row?.status).toBe('awaiting');
  });

  test('staff without settings.manage see it on the Approvals tab but cannot decide it (403)', async () => {
    const id = await askForRogue();
    const list = await accountant.browser.request({ method: 'GET', url: '/api/admin/approvals' });
    expect(list.json().items.map((item: { id: string }) => item.id)).toContain(id);
    const res = await decide(accountant, id, 'approve');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: expect.stringContaining('deposit address'),
    });
    expect(await findWalletAddress(t.db, 'usdt')).toBe(first.usdt);
  });

  test('a second staff member approves: in force at once, both names and reasons on the record', async () => {
    const id = await askForRogue();
    const res = await decide(checker, id, 'approve', 'Confirmed with the treasurer by phone');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      kind: 'wallet_change',
      status: 'approved',
      checker: { id: checker.user.id, name: 'Carl Checker', role: 'owner' },
      checkerReason: 'Confirmed with the treasurer by phone',
    });
    expect((await read()).json()).toMatchObject({ ...rogue, pendingChange: null });
    expect(await quotedUsdtAddress()).toBe(rogue.usdt);
    const rows = await t.db.select().from(walletAddresses);
    expect(new Set(rows.map((row) => row.updatedBy))).toEqual(new Set([maker.user.id]));
    const updates = await auditRows('wallets.update');
    expect(updates.at(-1)).toMatchObject({
      actorId: maker.user.id,
      actorRole: 'admin',
      approverId: checker.user.id,
      approverRole: 'owner',
      reason: 'Moving to the new exchange wallet',
      before: first,
      after: { ...rogue, approvalId: id, approverReason: 'Confirmed with the treasurer by phone' },
    });
    expect((await decide(checker, id, 'approve')).json().code).toBe('ALREADY_DECIDED');
    expect((await verifyAuditChain(t.db)).ok).toBe(true);
  });

  test('a rejection changes nothing; the next change can then be asked', async () => {
    const id = await askForRogue();
    const res = await decide(checker, id, 'reject', 'Nobody asked for this');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'rejected', checkerReason: 'Nobody asked for this' });
    expect((await read()).json()).toMatchObject({ ...first, pendingChange: null });
    expect(await quotedUsdtAddress()).toBe(first.usdt);
    const [rejection] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'approval.reject'), eq(auditLog.targetId, id)));
    expect(rejection).toMatchObject({ actorId: checker.user.id, reason: 'Nobody asked for this' });
    await askForRogue('Second try, with the ticket');
  });

  test('while a change waits another is refused (409), even once four-eyes is turned off', async () => {
    await askForRogue();
    const again = await put({ ...first, usdt: rogue.usdt, reason: 'Another one' }, checker);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'AWAITING_SECOND_APPROVAL',
      message:
        'A change of the deposit addresses is awaiting a second approval: approve or reject it on the Approvals tab first.',
    });
    await setThreshold(0n);
    expect((await put({ ...first, usdt: rogue.usdt, reason: 'Alone now' })).statusCode).toBe(409);
    expect(await findWalletAddress(t.db, 'usdt')).toBe(first.usdt);
  });

  test('two changes asked at the same moment: one waits, the other is refused', async () => {
    const answers = await Promise.all([
      put({ ...rogue, reason: 'One' }),
      put({ ...first, bitcoin: rogue.bitcoin, reason: 'Two' }, checker),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const waiting = await t.db
      .select()
      .from(approvals)
      .where(and(eq(approvals.kind, 'wallet_change'), eq(approvals.status, 'awaiting')));
    expect(waiting).toHaveLength(1);
  });

  test('approving a change asked against addresses no longer in force is refused (409): it still waits', async () => {
    const id = await askForRogue();
    // Changed outside the API meanwhile (by hand in the database): the checker would approve a change
    // from addresses that are not the ones in force.
    await t.db
      .update(walletAddresses)
      .set({ address: rogue.bitcoin })
      .where(eq(walletAddresses.coin, 'bitcoin'));
    const res = await decide(checker, id, 'approve');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONFLICT',
      message:
        'The deposit addresses changed since this request was made: reject it, and ask for the change again.',
    });
    expect(await findWalletAddress(t.db, 'usdt')).toBe(first.usdt);
    const [row] = await t.db.select().from(approvals).where(eq(approvals.id, id));
    expect(row?.status).toBe('awaiting');
    await t.db
      .update(walletAddresses)
      .set({ address: first.bitcoin })
      .where(eq(walletAddresses.coin, 'bitcoin'));
  });
});
