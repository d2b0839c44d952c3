import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { computeCopyLoss, copyStopLossSkip, isCopyStopLossReached } from './copy-stop-loss.ts';

describe('isCopyStopLossReached: the copies lost X or more since copying began', () => {
  test.each([
    {
      name: 'a loss of exactly X triggers',
      limit: 50_000n,
      realised: -30_000n,
      unrealised: -20_000n,
      reached: true,
    },
    {
      name: 'a loss one cent short of X does not',
      limit: 50_000n,
      realised: -30_000n,
      unrealised: -19_999n,
      reached: false,
    },
    { name: 'a loss above X triggers', limit: 50_000n, realised: 0n, unrealised: -60_000n, reached: true },
    {
      name: 'realised losses alone can trigger it',
      limit: 50_000n,
      realised: -50_000n,
      unrealised: 0n,
      reached: true,
    },
    {
      name: 'earlier gains offset later losses',
      limit: 50_000n,
      realised: 20_000n,
      unrealised: -60_000n,
      reached: false,
    },
    {
      name: 'an open copy in profit offsets a closed loss',
      limit: 10_000n,
      realised: -15_000n,
      unrealised: 6_000n,
      reached: false,
    },
    { name: 'gains never trigger it', limit: 1n, realised: 10_000n, unrealised: 5_000n, reached: false },
    {
      name: 'a one-cent limit triggers on a one-cent loss',
      limit: 1n,
      realised: 0n,
      unrealised: -1n,
      reached: true,
    },
    { name: 'nothing copied yet: no loss', limit: 1n, realised: 0n, unrealised: 0n, reached: false },
    {
      name: 'no limit set: never',
      limit: null,
      realised: -1_000_000n,
      unrealised: -1_000_000n,
      reached: false,
    },
  ])('$name', ({ limit, realised, unrealised, reached }) => {
    expect(
      isCopyStopLossReached({ limitCents: limit, realisedCents: realised, unrealisedCents: unrealised }),
    ).toBe(reached);
  });

  test('the loss is minus the realised and unrealised results', () => {
    expect(computeCopyLoss({ realisedCents: -300n, unrealisedCents: 100n })).toBe(200n);
    expect(computeCopyLoss({ realisedCents: 300n, unrealisedCents: 100n })).toBe(-400n);
  });

  test('a limit of zero or less is a bug (the form asks for an amount above zero)', () => {
    expect(() => isCopyStopLossReached({ limitCents: 0n, realisedCents: 0n, unrealisedCents: 0n })).toThrow();
  });

  test('over random results: reached exactly when −(realised + unrealised) ≥ X, and a larger loss never un-triggers it', () => {
    const cents = fc.bigInt({ min: -10_000_000n, max: 10_000_000n });
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        cents,
        cents,
        fc.bigInt({ min: 0n, max: 1_000_000n }),
        (limit, realised, unrealised, more) => {
          const reached = isCopyStopLossReached({
            limitCents: limit,
            realisedCents: realised,
            unrealisedCents: unrealised,
          });
          expect(reached).toBe(-(realised + unrealised) >= limit);
          if (reached) {
            expect(
              isCopyStopLossReached({
                limitCents: limit,
                realisedCents: realised,
                unrealisedCents: unrealised - more,
              }),
            ).toBe(true);
          }
        },
      ),
    );
  });
});

describe('copyStopLossSkip: a copy that would reach the stop-loss the moment it opens is skipped', () => {
  test('a spread that takes the loss to the limit skips the copy, naming the loss and the limit', () => {
    expect(
      copyStopLossSkip({
        limitCents: 1_000n,
        realisedCents: -900n,
        unrealisedCents: -60n,
        openingResultCents: -40n,
      }),
    ).toEqual({
      code: 'COPY_STOP_LOSS',
      message:
        "Opening the copy would bring your copies' loss to $10.00, at or past your copy stop-loss of $10.00.",
    });
  });

  test('a spread that keeps the loss a cent below the limit opens', () => {
    expect(
      copyStopLossSkip({
        limitCents: 1_000n,
        realisedCents: -900n,
        unrealisedCents: -60n,
        openingResultCents: -39n,
      }),
    ).toBeNull();
  });

  test('a first copy whose spread alone passes the limit is skipped', () => {
    expect(
      copyStopLossSkip({
        limitCents: 500n,
        realisedCents: 0n,
        unrealisedCents: 0n,
        openingResultCents: -750n,
      })?.code,
    ).toBe('COPY_STOP_LOSS');
  });

  test('gains so far leave room for the spread', () => {
    expect(
      copyStopLossSkip({
        limitCents: 500n,
        realisedCents: 300n,
        unrealisedCents: 0n,
        openingResultCents: -750n,
      }),
    ).toBeNull();
  });

  test('no limit set: never skipped', () => {
    expect(
      copyStopLossSkip({
        limitCents: null,
        realisedCents: -10_000n,
        unrealisedCents: 0n,
        openingResultCents: -500n,
      }),
    ).toBeNull();
  });

  test('over random results: skipped exactly when the stop-loss would be reached with the copy open', () => {
    const cents = fc.bigInt({ min: -10_000_000n, max: 10_000_000n });
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10_000_000n }),
        cents,
        cents,
        fc.bigInt({ min: -1_000_000n, max: 0n }),
        (limit, realised, unrealised, opening) => {
          const skip = copyStopLossSkip({
            limitCents: limit,
            realisedCents: realised,
            unrealisedCents: unrealised,
            openingResultCents: opening,
          });
          const reached = isCopyStopLossReached({
            limitCents: limit,
            realisedCents: realised,
            unrealisedCents: unrealised + opening,
          });
          expect(skip !== null).toBe(reached);
        },
      ),
    );
  });
});
