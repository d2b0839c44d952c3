import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { chargeProfitShare, type HighWaterMark, INITIAL_HIGH_WATER_MARK } from '../copy/profit-share.ts';
import { DEPOSIT_NEXT, type DepositStatus } from '../deposits/deposit-status.ts';
import { applyRepayment, computeInterestForDays, owedOf } from '../loans/loan-interest.ts';
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
  loanInterestEntry,
  loanPayoutEntry,
  loanRepaymentEntry,
  planPurchaseEntry,
  profitShareEntry,
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
  trades: {
    userId: string;
    amount: bigint;
    lot: number;
    openPrice: string;
    buy: boolean;
    open: boolean;
    /** The provider a copied trade was copied from (null: the customer's own trade). */
    providerId: string | null;
  }[];
  loans: { userId: string; principal: bigint; interest: bigint }[];
  /** High-water marks per `follower>provider`, and the profit shares each pair has paid. */
  marks: Map<string, HighWaterMark>;
  sharesPaid: Map<string, bigint>;
};

type Command =
  | { type: 'deposit'; user: number; amount: bigint }
  | { type: 'decideDeposit'; index: number; approve: boolean }
  | { type: 'requestWithdrawal'; user: number; amount: bigint; feeBps: number }
  | { type: 'decideWithdrawal'; index: number; approve: boolean }
  | { type: 'adjust'; user: number; credit: boolean; amount: bigint }
  | {
      type: 'openTrade';
      user: number;
      amount: bigint;
      lot: number;
      price: number;
      buy: boolean;
      copyOf: number | null;
    }
  | { type: 'closeTrade'; index: number; price: number }
  | { type: 'buyPlan'; user: number; price: bigint }
  | { type: 'payOutLoan'; user: number; amount: bigint }
  | { type: 'accrueInterest'; index: number; days: number; bps: number }
  | { type: 'repayLoan'; index: number; amount: bigint; all: boolean };

const USERS = ['u0', 'u1', 'u2'];
/** Each customer's profit share as a provider, in basis points (15 %, 20 %, 50 %). */
const SHARE_BPS = [1_500, 2_000, 5_000];
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
    copyOf: fc.option(fc.nat(2)),
  }),
  fc.record({
    type: fc.constant('closeTrade' as const),
    index: fc.nat(30),
    price: fc.integer({ min: 1, max: 1_000_000 }),
  }),
  fc.record({ type: fc.constant('buyPlan' as const), user: fc.nat(2), price: amount }),
  fc.record({
    type: fc.constant('payOutLoan' as const),
    user: fc.nat(2),
    amount: fc.bigInt({ min: 1n, max: 5_000_000n }),
  }),
  fc.record({
    type: fc.constant('accrueInterest' as const),
    index: fc.nat(5),
    days: fc.integer({ min: 1, max: 90 }),
    bps: fc.integer({ min: 0, max: 10_000 }),
  }),
  fc.record({ type: fc.constant('repayLoan' as const), index: fc.nat(5), amount, all: fc.boolean() }),
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
        const provider = c.copyOf === null ? null : (USERS[c.copyOf] ?? null);
        model.trades.push({
          userId,
          amount: c.amount,
          lot: c.lot,
          openPrice: priceText(c.price),
          buy: c.buy,
          open: true,
          // nobody copies themselves
          providerId: provider === userId ? null : provider,
        });
      }
      return;
    }
    case 'closeTrade': {
      // one of the open trades (by index among them), so that closes happen often enough to test
      const open = model.trades.filter((t) => t.open);
      const trade = open[c.index % Math.max(1, open.length)];
      if (!trade) return;
      const tradeIndex = model.trades.indexOf(trade);
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
        tradeId: `t${tradeIndex}`,
        description: 'x',
      });
      if (!post(model, entries))
        throw new Error('a closed trade can always be settled: its loss never exceeds its margin');
      trade.open = false;
      if (trade.providerId !== null) {
        const pair = `${trade.userId}>${trade.providerId}`;
        const share = SHARE_BPS[USERS.indexOf(trade.providerId)] ?? 0;
        const charged = chargeProfitShare(model.marks.get(pair) ?? INITIAL_HIGH_WATER_MARK, result, share);
        model.marks.set(pair, charged.mark);
        // a fee is at most the rise above the peak, which is at most this trade's profit just credited
        expect(charged.feeCents <= (result > 0n ? result : 0n)).toBe(true);
        if (charged.feeCents > 0n) {
          const fee = profitShareEntry({
            followerId: trade.userId,
            providerId: trade.providerId,
            amount: charged.feeCents,
            tradeId: `t${tradeIndex}`,
            providerName: 'x',
            profitShareBps: share,
            riseCents: charged.riseCents,
          });
          if (!post(model, [fee]))
            throw new Error('a profit share is always covered by the profit just credited');
          model.sharesPaid.set(pair, (model.sharesPaid.get(pair) ?? 0n) + charged.feeCents);
        }
      }
      return;
    }
    case 'buyPlan': {
      const userId = USERS[c.user] ?? 'u0';
      // refused (nothing posted) without enough cash, as the server does
      post(model, [planPurchaseEntry({ userId, price: c.price, purchaseId: 'p', planName: 'x' })]);
      return;
    }
    case 'payOutLoan': {
      const userId = USERS[c.user] ?? 'u0';
      // one open loan at a time (the server refuses a second: LOAN_ALREADY_OPEN)
      if (model.loans.some((loan) => loan.userId === userId && owedOf(loan) > 0n)) return;
      const loanId = `l${model.loans.length}`;
      if (!post(model, [loanPayoutEntry({ userId, amount: c.amount, loanId, planName: 'x' })]))
        throw new Error('a loan can always be paid out');
      model.loans.push({ userId, principal: c.amount, interest: 0n });
      return;
    }
    case 'accrueInterest': {
      const loan = model.loans[c.index];
      if (!loan) return;
      const interest = computeInterestForDays(loan.principal, c.bps, c.days);
      if (interest === 0n) return;
      const entry = loanInterestEntry({
        userId: loan.userId,
        interest,
        loanId: `l${c.index}`,
        description: 'x',
      });
      if (!post(model, [entry])) throw new Error('interest can always be accrued');
      loan.interest += interest;
      return;
    }
    case 'repayLoan': {
      const loan = model.loans[c.index];
      if (!loan) return;
      const owed = owedOf(loan);
      const requested = c.all ? owed : c.amount;
      // the server refuses a repayment above what is owed
      const applied = applyRepayment(loan, requested);
      if (!applied.ok) return;
      const entry = loanRepaymentEntry({
        userId: loan.userId,
        amount: requested,
        loanId: `l${c.index}`,
        description: 'x',
      });
      if (!post(model, [entry])) return; // not enough cash: nothing moves
      loan.principal = applied.value.principal;
      loan.interest = applied.value.interest;
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
  test('every entry sums to zero, balances equal their postings, customer cash and reserved never go below zero, a loan account never above zero and equals what its loans owe, decisions are final, profit shares stay within the share of the high-water mark (deposits, withdrawals, adjustments, trades and copied trades, plan purchases, loans, profit shares)', () => {
    fc.assert(
      fc.property(fc.array(command, { minLength: 10, maxLength: 80, size: 'max' }), (commands) => {
        const model: Model = {
          balances: new Map(),
          journal: [],
          deposits: [],
          withdrawals: [],
          trades: [],
          loans: [],
          marks: new Map(),
          sharesPaid: new Map(),
        };
        const finalDeposits = new Map<number, DepositStatus>();
        const finalWithdrawals = new Map<number, WithdrawalStatus>();
        for (const c of commands) {
          run(model, c);
          for (const [key, balance] of model.balances) {
            if (key.startsWith('customer_loan:')) expect(balance <= 0n).toBe(true);
            else if (key.startsWith('customer_')) expect(balance >= 0n).toBe(true);
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
          // what the loan account owes is exactly what the customer's loans still owe
          const owed = model.loans.filter((l) => l.userId === userId).reduce((sum, l) => sum + owedOf(l), 0n);
          expect(-(model.balances.get(`customer_loan:${userId}`) ?? 0n)).toBe(owed);
        }
        // every customer posting touches a customer account of the entry's own customer, except a
        // profit share: it pays the provider its reference names, into the provider's cash
        for (const entry of model.journal) {
          for (const p of entry.postings) {
            if (!isCustomerAccount(p.account) || p.account.userId === entry.userId) continue;
            expect(entry.kind).toBe('profit_share');
            expect(p.account).toEqual({ kind: 'customer_cash', userId: entry.reference?.provider });
            expect(p.amount > 0n).toBe(true);
          }
        }
        // profit shares in the journal are exactly those charged, per pair at most share % of the peak
        const journalShares = new Map<string, bigint>();
        for (const entry of model.journal.filter((e) => e.kind === 'profit_share')) {
          const pair = `${entry.reference?.follower}>${entry.reference?.provider}`;
          const paid = entry.postings.find((p) => p.amount > 0n)?.amount ?? 0n;
          journalShares.set(pair, (journalShares.get(pair) ?? 0n) + paid);
        }
        expect(journalShares).toEqual(model.sharesPaid);
        for (const [pair, paid] of model.sharesPaid) {
          const share = SHARE_BPS[USERS.indexOf(pair.split('>')[1] ?? '')] ?? 0;
          const peak = model.marks.get(pair)?.peakCents ?? 0n;
          expect(paid * 10_000n <= BigInt(share) * peak).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
