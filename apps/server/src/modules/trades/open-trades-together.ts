import { type PlaceTradeRequest, TRADE_MESSAGES, type Trade, TradeSchema } from '@candor/contracts/trades';
import type { FastifyBaseLogger } from 'fastify';
import type { Actor } from '../../lib/actor.ts';
import { AppError } from '../../lib/app-error.ts';
import { createGroupCommit, type GroupCommit, type ItemOutcome } from '../../lib/group-commit.ts';
import { claimIdentity, claimKeys, type IdempotencyClaim, settleKeys } from '../../lib/idempotency.ts';
import type { Transactions } from '../../lib/transactions.ts';
import type { MarketService } from '../../market/market.service.ts';
import { enqueueCopyOpensOfMany } from '../copy-trading/copy-fanout.ts';
import { lockCustomerAccounts } from '../ledger/ledger.repository.ts';
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

/** The most trades one transaction opens; more waiting requests go in the next. */
export const TRADE_OPEN_BATCH = 64;

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
  return createGroupCommit({
    maxBatch: TRADE_OPEN_BATCH,
    identity: (request) => (request.claim ? claimIdentity(request.claim) : undefined),
    runOne: (request) => openAlone(deps, request),
    runBatch: (requests) => openTradesTogether(deps, requests),
    onBatchFailed: (error, size) =>
      deps.log.warn({ err: error, size }, 'trades opened together failed; each is opened on its own'),
  });
}

function openAlone({ market, transactions }: Deps, request: TradeOpenRequest): Promise<Trade> {
  return transactions.runIdempotent(request.claim, TradeSchema, ({ tx, now }) =>
    openTrade({ tx, actor: request.actor, now, market, input: request.input }),
  );
}

/**
 * Opens the requests' trades in one transaction, set-based: the customers' accounts locked in id
 * order with their balances (held to the commit), the Idempotency-Keys claimed, the trading terms
 * read, each request checked in arrival order as `placeTrade` checks it (instrument, lot size
 * within the account's leverage, a fresh price; then its margin within the cash left after the
 * requests before it), and the accepted margins and rows stored at once, followed by the answers
 * of their keys. A refused request gets its own refusal and releases its key; the others go on. A
 * request whose key another attempt already holds is a retry: it is answered, after the commit,
 * as `runIdempotent` answers one. Answers one outcome per request, in order.
 */
export async function openTradesTogether(
  deps: Deps,
  requests: readonly TradeOpenRequest[],
): Promise<Array<ItemOutcome<Trade>>> {
  const { market, transactions } = deps;
  const outcomes: Array<ItemOutcome<Trade> | undefined> = requests.map(() => undefined);
  const retries: number[] = [];
  await transactions.run(async ({ tx, now }) => {
    // The order every posting locks accounts in, so the claims below come after, as in openTrade.
    const accounts = await lockCustomerAccounts(
      tx,
      requests.map((request) => request.actor.id),
    );
    const cash = new Map(
      accounts.flatMap((account) =>
        account.kind === 'customer_cash' && account.userId ? [[account.userId, account.balanceMinor]] : [],
      ),
    );
    const claimed = await claimKeys(
      tx,
      requests.flatMap((request) => (request.claim ? [request.claim] : [])),
      now,
      transactions.expiredBefore(now),
    );
    const live: number[] = [];
    requests.forEach((request, index) => {
      if (!request.claim || claimed.has(claimIdentity(request.claim))) live.push(index);
      else retries.push(index);
    });
    const terms = await findTradingTermsOfMany(
      tx,
      live.map((index) => requestAt(requests, index).actor.id),
      now,
    );
    const accepted: Array<{ index: number; prepared: PreparedTrade }> = [];
    for (const index of live) {
      const { actor, input } = requestAt(requests, index);
      try {
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
        outcomes[index] = { ok: false, error };
      }
    }
    // Every margin is within the cash read under the accounts' locks: an INSUFFICIENT_FUNDS here is
    // a broken invariant, and the batch fails as a whole (each request is then opened on its own).
    const rows = await insertPreparedTrades(
      tx,
      accepted.map(({ index }) => requestAt(requests, index).actor),
      accepted.map(({ prepared }) => prepared),
    );
    await enqueueCopyOpensOfMany(tx, rows);
    const answered: Array<{ claim: IdempotencyClaim; body: Trade }> = [];
    rows.forEach((row, position) => {
      const index = accepted[position]?.index;
      if (index === undefined) throw new Error('a stored trade has no request');
      const trade = toTrade(row, NO_COPY_MARKS);
      outcomes[index] = { ok: true, value: trade };
      const { claim } = requestAt(requests, index);
      if (claim) answered.push({ claim, body: trade });
    });
    const released = live.flatMap((index) => {
      const { claim } = requestAt(requests, index);
      return claim && !outcomes[index]?.ok ? [claim] : [];
    });
    await settleKeys(tx, answered, released);
  });
  for (const index of retries) {
    try {
      outcomes[index] = { ok: true, value: await openAlone(deps, requestAt(requests, index)) };
    } catch (error) {
      outcomes[index] = { ok: false, error };
    }
  }
  return outcomes.map((outcome) => {
    if (!outcome) throw new Error('a request of the batch was not decided');
    return outcome;
  });
}

function requestAt(requests: readonly TradeOpenRequest[], index: number): TradeOpenRequest {
  const request = requests[index];
  if (!request) throw new Error(`no request at ${index}`);
  return request;
}
