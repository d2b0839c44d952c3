import { type PlaceTradeRequest, TRADE_MESSAGES, type Trade, TradeSchema } from '@candor/contracts/trades';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { createRequestGroup, decideTogether, itemAt } from '../../lib/decide-together.ts';
import type { GroupCommit, ItemOutcome } from '../../lib/group-commit.ts';
import type { IdempotencyClaim } from '../../lib/idempotency.ts';
import type { Transactions } from '../../lib/transactions.ts';
import type { MarketService } from '../../market/market.service.ts';
import { enqueueCopyOpensOfMany, findCopyRelationsOfProviders } from '../copy-trading/copy-fanout.ts';
import { lockCustomerAccounts, reserveEntryIds } from '../ledger/ledger.repository.ts';
import { selectUserRoles } from '../users/users.repository.ts';
import { requireCustomerRole } from '../users/users.service.ts';
import { NO_COPY_MARKS } from './copy-marks.repository.ts';
import { insertPreparedTrades, openTrade, type PreparedTrade, prepareTrade } from './open-trade.service.ts';
import { requireFreshQuote, requireLotSize, requireTradableInstrument } from './trade-inputs.ts';
import { toTrade } from './trade-rows.ts';
import { findTradingTermsOfMany } from './trading-terms.ts';

/** A customer's request to open a trade (POST /api/trades), checked by the route already. */
export type TradeOpenRequest = {
  actor: Actor;
  input: PlaceTradeRequest;
  claim: IdempotencyClaim | undefined;
};

type Deps = { market: MarketService; transactions: Transactions };

/**
 * Trades opened through the API: requests that arrive while others are being decided are decided
 * together, in one transaction (group commit, docs/decisions/041). Alone, a request runs
 * `openTrade` as it always did; together, `openTradesTogether` gives each the outcome `openTrade`
 * would have given it had they run one after the other in arrival order.
 */
export function createTradeOpenGroup(
  deps: Deps & { log: FastifyBaseLogger },
): GroupCommit<TradeOpenRequest, Trade> {
  return createRequestGroup({
    what: 'trades opened',
    log: deps.log,
    runOne: (request) => openAlone(deps, request),
    runBatch: (requests) => openTradesTogether(deps, requests),
  });
}

function openAlone({ market, transactions }: Deps, request: TradeOpenRequest): Promise<Trade> {
  return transactions.runIdempotent(request.claim, TradeSchema, ({ tx, now }) =>
    openTrade({ tx, actor: request.actor, now, market, input: request.input }),
  );
}

/**
 * Opens the requests' trades in one transaction, set-based (`decideTogether`: keys claimed, answers
 * stored, retries answered after the commit): the customers' accounts locked in id order with
 * their balances (held to the commit), the trading terms read, each request checked in arrival
 * order as `openTrade` checks it (a customer's account, not staff, by the role read under the
 * locks: decision 062; instrument, lot
 * size within the account's leverage, a fresh price; then its margin within the cash left after the
 * requests before it), and the accepted margins and rows stored at once. A refused request gets its own refusal; the others go on.
 */
export async function openTradesTogether(
  deps: Deps,
  requests: readonly TradeOpenRequest[],
): Promise<Array<ItemOutcome<Trade>>> {
  const { market, transactions } = deps;
  return decideTogether({
    transactions,
    requests,
    runAlone: (request) => openAlone(deps, request),
    // Sent at once, in the order PostgreSQL runs them: the accounts locked (in the order every
    // posting locks them), the entry ids the margins will take (after the locks), the keys claimed
    // after them as in openTrade, then the trading terms and the providers' followers read under
    // those locks (of every request: those whose key is claimed are among them), with the accounts'
    // roles as stored (decision 062: the session's role may be older than the lock).
    lock: async (tx, now, claim) => {
      const customers = requests.map((request) => request.actor.id);
      const [accounts, entryIds, , terms, relations, roles] = await Promise.all([
        lockCustomerAccounts(tx, customers),
        reserveEntryIds(tx, requests.length),
        claim(),
        findTradingTermsOfMany(tx, customers, now),
        findCopyRelationsOfProviders(tx, customers),
        selectUserRoles(tx, customers),
      ]);
      const cash = new Map(
        accounts.flatMap((account) =>
          account.kind === 'customer_cash' && account.userId ? [[account.userId, account.balanceMinor]] : [],
        ),
      );
      return { cash, entryIds, terms, relations, roles };
    },
    decide: async (tx, now, { cash, entryIds, terms, relations, roles }, live) => {
      const outcomes = new Map<number, ItemOutcome<Trade>>();
      const accepted: Array<{ index: number; prepared: PreparedTrade }> = [];
      for (const index of live) {
        const { actor, input } = itemAt(requests, index);
        try {
          requireCustomerRole(roles, actor.id);
          const spec = requireTradableInstrument(market, input.symbol);
          const accountTerms = terms.get(actor.id);
          if (!accountTerms) throw new Error("the account's trading terms were read");
          const lotHundredths = requireLotSize(input.lotSize, accountTerms.maxLeverage);
          const quote = requireFreshQuote(market, spec.symbol);
          const prepared = prepareTrade({
            spec,
            terms: accountTerms,
            quote,
            now,
            userId: actor.id,
            copy: null,
            input,
            lotHundredths,
          });
          const left = cash.get(actor.id) ?? 0n;
          if (prepared.values.amountMinor > left) {
            throw new AppError('INSUFFICIENT_FUNDS', TRADE_MESSAGES.insufficient);
          }
          cash.set(actor.id, left - prepared.values.amountMinor);
          accepted.push({ index, prepared });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          outcomes.set(index, { ok: false, error });
        }
      }
      // Every margin is within the cash read under the accounts' locks: a refusal here is a broken
      // invariant, and the batch fails as a whole (each request is then opened on its own).
      const rows = await insertPreparedTrades(
        tx,
        accepted.map(({ index }) => itemAt(requests, index).actor),
        accepted.map(({ prepared }) => prepared),
        entryIds,
      );
      await enqueueCopyOpensOfMany(tx, rows, relations);
      rows.forEach((row, position) => {
        outcomes.set(itemAt(accepted, position).index, { ok: true, value: toTrade(row, NO_COPY_MARKS) });
      });
      return { outcomes };
    },
  });
}
