import { type Trade, TradeSchema } from '@candor/contracts/trades';
import type { EntryDraft } from '@candor/domain/ledger/entries';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { createRequestGroup, decideTogether, itemAt } from '../../lib/decide-together.ts';
import type { GroupCommit, ItemOutcome } from '../../lib/group-commit.ts';
import type { IdempotencyClaim } from '../../lib/idempotency.ts';
import { requireTransition } from '../../lib/require-transition.ts';
import type { Transactions } from '../../lib/transactions.ts';
import type { MarketService } from '../../market/market.service.ts';
import { enqueueCopyCloses, enqueueCopyStopLossChecks } from '../copy-trading/copy-fanout.ts';
import { settleCopiedTrades } from '../copy-trading/settle-copied-trades.ts';
import { expectPosted, lockCustomerAccounts, postMovements } from '../ledger/ledger.repository.ts';
import { closeOwnTrade, closingOf, TRADE_TRANSITIONS } from './close-trade.service.ts';
import { findCopyMarks } from './copy-marks.repository.ts';
import { pricedAt, requireFreshQuote } from './trade-inputs.ts';
import { toTrade } from './trade-rows.ts';
import { closeTradeRows, lockTrades, type TradeRow } from './trades.repository.ts';
import { TRADE_NOT_FOUND } from './trades.service.ts';

/** A customer's request to close one of their trades (POST /api/trades/:id/close). */
export type TradeCloseRequest = {
  actor: Actor;
  id: string;
  claim: IdempotencyClaim | undefined;
};

type Deps = { market: MarketService; transactions: Transactions };

/**
 * Customers' closes of their own trades: requests that arrive while others are being decided are
 * decided together, in one transaction (group commit, docs/decisions/041). Alone, a request runs
 * `closeOwnTrade` as it always did; together, `closeTradesTogether` gives each the outcome it would
 * have had had they run one after the other in arrival order.
 */
export function createTradeCloseGroup(
  deps: Deps & { log: FastifyBaseLogger },
): GroupCommit<TradeCloseRequest, Trade> {
  return createRequestGroup({
    what: 'trades closed',
    log: deps.log,
    runOne: (request) => closeAlone(deps, request),
    runBatch: (requests) => closeTradesTogether(deps, requests),
  });
}

function closeAlone({ market, transactions }: Deps, request: TradeCloseRequest): Promise<Trade> {
  return transactions.runIdempotent(request.claim, TradeSchema, ({ tx, now }) =>
    closeOwnTrade({ tx, actor: request.actor, now, market, id: request.id }),
  );
}

/**
 * Closes the requests' trades in one transaction, set-based (`decideTogether`: keys claimed, answers
 * stored, retries answered after the commit): the trades locked in id order (each close locks its
 * trade first) and the accounts of the customers asking, each request checked in arrival order as
 * `closeOwnTrade` checks it (NOT_FOUND for an unknown trade or another customer's, ALREADY_DECIDED
 * for a closed one, also one closed by an earlier request of the batch, then a fresh price), and the
 * accepted closes' entries posted and rows closed at once, each at its closing side of the price
 * under its own spread (`closingOf`). Copies settle their high-water marks and a provider's trades
 * add their followers' close jobs, as `settleTrade` does. A refused request gets its own refusal.
 */
export async function closeTradesTogether(
  deps: Deps,
  requests: readonly TradeCloseRequest[],
): Promise<Array<ItemOutcome<Trade>>> {
  const { market, transactions } = deps;
  return decideTogether({
    transactions,
    requests,
    runAlone: (request) => closeAlone(deps, request),
    // Sent at once, in the order every close takes them: the trades (in id order), the accounts
    // of the customers asking (the owners of the trades they may close), then their keys.
    lock: async (tx, _now, claim) => {
      const [rows] = await Promise.all([
        lockTrades(
          tx,
          requests.map((request) => request.id),
        ),
        lockCustomerAccounts(
          tx,
          requests.map((request) => request.actor.id),
        ),
        claim(),
      ]);
      return new Map(rows.map((row) => [row.id, row]));
    },
    decide: async (tx, now, locked, live) => {
      const outcomes = new Map<number, ItemOutcome<Trade>>();
      const closing: Array<{ index: number; row: TradeRow; entries: EntryDraft[]; fields: ClosedFields }> =
        [];
      const closedHere = new Set<string>();
      for (const index of live) {
        const request = itemAt(requests, index);
        try {
          const row = locked.get(request.id);
          if (!row || row.userId !== request.actor.id) throw new AppError('NOT_FOUND', TRADE_NOT_FOUND);
          requireTransition(TRADE_TRANSITIONS, closedHere.has(row.id) ? 'closed' : row.status, 'closed');
          const quote = requireFreshQuote(market, row.symbol);
          const close = closingOf(row, {
            mid: quote.price,
            closedBy: 'customer',
            reason: null,
            actor: request.actor,
            now: pricedAt(now, quote),
          });
          closedHere.add(row.id);
          closing.push({ index, row, ...close });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          outcomes.set(index, { ok: false, error });
        }
      }
      // Sent at once: the releases and results posted, then the rows closed (they name no entry).
      // The rows come back in the order given, and which of them a provider's copies follow.
      const [posted, { rows, copied }] = await Promise.all([
        postMovements(
          tx,
          closing.map(({ index, entries }) => ({ actor: itemAt(requests, index).actor, entries })),
        ),
        closeTradeRows(tx, closing),
      ]);
      // The margin covers any loss (a result is never below −amount): nothing can overdraw.
      expectPosted(posted);
      const closed = rows.map((row, position) => ({ index: itemAt(closing, position).index, row }));
      // A follower's copy counts toward their high-water mark and has its copy stop-loss checked; a
      // provider's trade closes its followers' open copies through jobs of this transaction.
      const copies = rows.filter((row) => row.copyRelationId !== null);
      await settleCopiedTrades(tx, copies, now);
      await enqueueCopyStopLossChecks(
        tx,
        copies.flatMap((row) => (row.copyRelationId === null ? [] : [row.copyRelationId])),
      );
      for (const id of copied) await enqueueCopyCloses(tx, id);
      const marks = await findCopyMarks(tx, rows);
      for (const { index, row } of closed) outcomes.set(index, { ok: true, value: toTrade(row, marks) });
      return { outcomes };
    },
  });
}

type ClosedFields = ReturnType<typeof closingOf>['fields'];
