import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DEPOSIT_NEXT, type DepositStatus } from '../deposits/deposit-status.ts';
import { checkTransition, isFinalState } from '../state-machine.ts';
import { computeTradeResult } from '../trading/trade-result.ts';
import { computeWithdrawalFee } from '../withdrawals/withdrawal-amount.ts';
import { WITHDRAWAL_NEXT, type WithdrawalStatus } from '../withdrawals/withdrawal-status.ts';
import { accountKey, isCustomerAccount } from './accounts.ts';
import { applyEntries } from './balances.ts';
import {
  adjustmentEntry,
  depositEntry,
  type EntryDraft,
  releaseEntry,
  reservationEntry,
  tradeCloseEntries,
  tradeMarginEntry,
  withdrawalEntries,
} from './entries.ts';

/**
 * A model of the money flows built only from the domain's rules: every command goes through the
 * state machines and the entry builders, and is applied with `applyEntries`, as the server does.
 */
type Model = {
  balances: Map<string, bigint>;
  journal: EntryDraft[];
  deposits: { userId: string; amount: bigint; status: DepositStatus }[];
  withdrawals: { userId: string; amount: bigint; feeBps: number; status: WithdrawalStatus }[];
  trades: { userId: string; amount: bigint; lot: number; openPrice: string; buy: boolean; open: boolean }[];
};

type Command =
  | { type: 'deposit'; user: number; amount: bigint }
  | { type: 'decideDeposit'; index: number; approve: boolean }
  | { type: 'requestWithdrawal'; user: number; amount: bigint; feeBps: number }
  | { type: 'decideWithdrawal'; index: number; approve: boolean }
  | { type: 'adjust'; user: number; credit: boolean; amount: bigint }
  | { type: 'openTrade'; user: number; amount: bigint; lot: number; price: number; buy: boolean }
  | { type: 'closeTrade'; index: number; price: number };

const USERS = ['u0', 'u1', 'u2'];
const amount = fc.bigInt({ min: 1n, max: 50_000n });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ type: fc.constant('deposit' as const), user: fc.nat(2), amount }),
  fc.record({ type: fc.constant('decideDeposit' as const), index: fc.nat(30), approve: fc.boolean() }),
  fc.record({
    type: fc.constant('requestWithdrawal' as const),
    user: fc.nat(2),
    amount,
    feeBps: fc.integer({ min: 0, max: 10_000 }),
  }),
  fc.record({ type: fc.constant('decideWithdrawal' as const), index: fc.nat(30), approve: fc.boolean() }),
  fc.record({ type: fc.constant('adjust' as const), user: fc.nat(2), credit: fc.boolean(), amount }),
  fc.record({
    type: fc.constant('openTrade' as const),
    user: fc.nat(2),
    amount,
    lot: fc.integer({ min: 1, max: 10_000 }),
    price: fc.integer({ min: 1, max: 1_000_000 }),
    buy: fc.boolean(),
  }),
  fc.record({
    type: fc.constant('closeTrade' as const),
    index: fc.nat(30),
    price: fc.integer({ min: 1, max: 1_000_000 }),
  }),
);

/** A price with two decimals from an integer of hundredths. */
function priceText(hundredths: number): string {
  return `${Math.trunc(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

function post(model: Model, entries: EntryDraft[]): boolean {
  const applied = applyEntries(model.balances, entries);
  if (!applied.ok) return false;
  model.balances = applied.value.balances;
  model.journal.push(...entries);
  return true;
}

function run(model: Model, c: Command): void {
  switch (c.type) {
    case 'deposit':
      model.deposits.push({ userId: USERS[c.user] ?? 'u0', amount: c.amount, status: 'pending' });
      return;
    case 'decideDeposit': {
      const deposit = model.deposits[c.index];
      if (!deposit) return;
      const to = c.approve ? 'approved' : 'rejected';
      if (!checkTransition(DEPOSIT_NEXT, deposit.status, to).ok) return;
      if (c.approve) {
        const entry = depositEntry({
          userId: deposit.userId,
          amount: deposit.amount,
          depositId: `d${c.index}`,
          methodLabel: 'x',
        });
        if (!post(model, [entry])) throw new Error('a deposit can always be credited');
      }
      deposit.status = to;
      return;
    }
    case 'requestWithdrawal': {
      const userId = USERS[c.user] ?? 'u0';
      const id = `w${model.withdrawals.length}`;
      if (post(model, [reservationEntry({ userId, amount: c.amount, withdrawalId: id, methodLabel: 'x' })])) {
        model.withdrawals.push({ userId, amount: c.amount, feeBps: c.feeBps, status: 'pending' });
      }
      return;
    }
    case 'decideWithdrawal': {
      const w = model.withdrawals[c.index];
      if (!w) return;
      const to = c.approve ? 'approved' : 'rejected';
      if (!checkTransition(WITHDRAWAL_NEXT, w.status, to).ok) return;
      const id = `w${c.index}`;
      const { fee, net } = computeWithdrawalFee(w.amount, w.feeBps);
      const entries = c.approve
        ? withdrawalEntries({
            userId: w.userId,
            net,
            fee,
            feePercent: '',
            withdrawalId: id,
            methodLabel: 'x',
          })
        : [releaseEntry({ userId: w.userId, amount: w.amount, withdrawalId: id, reason: 'r' })];
      if (!post(model, entries)) throw new Error('a reserved amount can always be settled or released');
      w.status = to;
      return;
    }
    case 'openTrade': {
      const userId = USERS[c.user] ?? 'u0';
      const tradeId = `t${model.trades.length}`;
      if (post(model, [tradeMarginEntry({ userId, amount: c.amount, tradeId, description: 'x' })])) {
        model.trades.push({
          userId,
          amount: c.amount,
          lot: c.lot,
          openPrice: priceText(c.price),
          buy: c.buy,
          open: true,
        });
      }
      return;
    }
    case 'closeTrade': {
      const trade = model.trades[c.index];
      if (!trade?.open) return;
      const result = computeTradeResult({
        direction: trade.buy ? 'buy' : 'sell',
        amountCents: trade.amount,
        lotHundredths: trade.lot,
        openPrice: trade.openPrice,
        closePrice: priceText(c.price),
      });
      const entries = tradeCloseEntries({
        userId: trade.userId,
        amount: trade.amount,
        result,
        tradeId: `t${c.index}`,
        description: 'x',
      });
      if (!post(model, entries))
        throw new Error('a closed trade can always be settled: its loss never exceeds its margin');
      trade.open = false;
      return;
    }
    case 'adjust':
      post(model, [
        adjustmentEntry({
          userId: USERS[c.user] ?? 'u0',
          direction: c.credit ? 'credit' : 'debit',
          amount: c.amount,
          reason: 'r',
        }),
      ]);
      return;
  }
}

describe('money flows, over random sequences of commands', () => {
  test('every entry sums to zero, balances equal their postings, customer balances never go below zero, decisions are final (deposits, withdrawals, adjustments, trades)', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 80 }), (commands) => {
        const model: Model = { balances: new Map(), journal: [], deposits: [], withdrawals: [], trades: [] };
        const finalDeposits = new Map<number, DepositStatus>();
        const finalWithdrawals = new Map<number, WithdrawalStatus>();
        for (const c of commands) {
          run(model, c);
          for (const [key, balance] of model.balances) {
            if (key.startsWith('customer_')) expect(balance >= 0n).toBe(true);
          }
          // a decided request never changes again
          model.deposits.forEach((d, i) => {
            const seen = finalDeposits.get(i);
            if (seen) expect(d.status).toBe(seen);
            else if (isFinalState(DEPOSIT_NEXT, d.status)) finalDeposits.set(i, d.status);
          });
          model.withdrawals.forEach((w, i) => {
            const seen = finalWithdrawals.get(i);
            if (seen) expect(w.status).toBe(seen);
            else if (isFinalState(WITHDRAWAL_NEXT, w.status)) finalWithdrawals.set(i, w.status);
          });
        }
        const sums = new Map<string, bigint>();
        let total = 0n;
        for (const entry of model.journal) {
          const entrySum = entry.postings.reduce((sum, p) => sum + p.amount, 0n);
          expect(entrySum).toBe(0n);
          for (const p of entry.postings) {
            sums.set(accountKey(p.account), (sums.get(accountKey(p.account)) ?? 0n) + p.amount);
            total += p.amount;
          }
        }
        expect(total).toBe(0n);
        expect(sums).toEqual(model.balances);
        // reserved funds are exactly the pending withdrawals plus the margin of open trades
        for (const userId of USERS) {
          const pending = model.withdrawals
            .filter((w) => w.userId === userId && w.status === 'pending')
            .reduce((sum, w) => sum + w.amount, 0n);
          const margin = model.trades
            .filter((t) => t.userId === userId && t.open)
            .reduce((sum, t) => sum + t.amount, 0n);
          expect(model.balances.get(`customer_reserved:${userId}`) ?? 0n).toBe(pending + margin);
        }
        // every customer posting touches a customer account of the entry's own customer
        for (const entry of model.journal) {
          for (const p of entry.postings)
            if (isCustomerAccount(p.account)) expect(p.account.userId).toBe(entry.userId);
        }
      }),
      { numRuns: 300 },
    );
  });
});
