import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { findReturnPromise } from './return-promise.ts';

/** The seeded catalogue's texts (apps/server/drizzle/0011_plans.sql): each must pass. */
const SEEDED_TEXTS = [
  'Unlimited',
  'Computed ratings of 5 instruments on hourly candles, with no end date.',
  'Basic',
  'Computed ratings of 10 instruments on hourly candles.',
  'Silver',
  'Computed ratings of 25 instruments on 1-hour and 4-hour candles, with rating alerts.',
  'Gold',
  'Computed ratings of 50 instruments on 1-hour, 4-hour and daily candles, with rating alerts.',
  'Diamond',
  'Computed ratings of every instrument on 1-hour, 4-hour and daily candles, with rating alerts.',
  'Zero',
  'Enc',
  'Raw',
  'Every instrument of the platform.',
  'Level 1',
  'Level 2',
  'Borrowed money can be traded but not withdrawn; it is repaid from your cash balance.',
];

/** Honest plan texts: what a plan does, a loan's cost, the risk of trading. */
const HONEST_TEXTS = [
  'Signal plan: ratings of 20 instruments on 1-hour candles',
  'Loan of $5,000 at 12% a year for 90 days',
  'Loan of $5,000 at 12 percent a year, repaid from your cash balance',
  'Interest 12.17 % a year, accrued daily',
  'Interest 12.17% a year, accrued daily',
  'Loan interest of 1% a month on what you borrowed',
  'Interest accrues at 0.03% a day on what is owed',
  'Spreads of 1.2 pips on forex',
  'Spreads of 0.8 pips on forex and 0.08% on crypto and stocks',
  'Signals for 10 instruments on 1h candles',
  'Ratings refreshed every hour, alerts up to 3 times a day',
  'Make up to 20 trades a day with the signals',
  'Requires a portfolio of at least $350,000',
  'Leverage up to 1:500',
  'Leverage up to 500x on forex',
  'Trading involves risk: you can lose the amount of any trade',
  'You cannot lose more than the amount of a trade: it is closed automatically',
  'Trading is never without risk',
  'Groin', // "roi" inside a word is not ROI
  'Rendimiento', // not English, nothing matched
  ...SEEDED_TEXTS,
];

describe('findReturnPromise', () => {
  test.each([
    // The tester's phrases (issue: the ban was easy to get round).
    ['Guаranteed returns', 'guaranteed'], // Cyrillic а
    ['G\u200Buaranteed income', 'guaranteed'], // zero-width space
    ['Double your money in 7 days', 'double your money'],
    ['You will never lose money', 'cannot lose'],
    ['Make 20 percent a day', 'x % a day'],
    ['Earn $500 every week', 'earn $x'],
    ['100% safe investment, 3x payout', '100% safe'],
    // More disguises of the same words.
    ['ＧＵＡＲＡＮＴＥＥＤ', 'guaranteed'], // full-width letters
    ['GUΑRΑNΤΕΕD returns', 'guaranteed'], // Greek capitals
    ['Gua\u00ADran\u2060teed', 'guaranteed'], // soft hyphen, word joiner
    ['Guaránteed', 'guaranteed'], // an accent
    ['Risk\u00A0free', 'risk-free'], // no-break space
    ['Νο  risk at all', 'no risk'], // Greek Ν and ο, two spaces
    ['You can’t lose', 'cannot lose'], // typographic apostrophe
    // The earlier list.
    ['Guaranteed returns every week', 'guaranteed'],
    ['We guarantee it', 'guaranteed'],
    ['A risk-free way to trade', 'risk-free'],
    ['risk free', 'risk-free'],
    ['ROI 100%-150%', 'ROI'],
    ['roi up to 3x', 'ROI'],
    ['Earn 25% profit', 'x % profit'],
    ['12.5 % returns', 'x % profit'],
    ['+5% gains a month', 'x % profit'],
    ['20 percent a year return', 'x % profit'],
    ['Higher profits for pros', 'higher profits'],
    ['more profit', 'higher profits'],
    ['Profits of $5,000', 'a stated profit'],
    ['Returns of 20% a year', 'a stated profit'],
    ['$500 weekly profit', 'a stated profit'],
    ['Assured income for members', 'assured returns'],
    ['Fixed returns', 'assured returns'],
    ['Without any risk', 'no risk'],
    ['No losses, ever', 'no loss'],
    ['Triple your investment', 'double your money'],
    ['Doubles the deposit', 'double your money'],
    ['3x payout', 'x payout'],
    ['10 times your money', 'x payout'],
    ['Payout x5', 'x payout'],
    ['Completely safe', '100% safe'],
    ['A safe investment', 'safe investment'],
    ['2% daily', 'x % a day'],
    ['0.5 % every day', 'x % a day'],
    ['3 pct per week', 'x % a day'],
    ['10%/month', 'x % a day'],
    ['Deposit $1,000 and get 20% a day', 'x % a day'],
    ['Earn 2% daily interest', 'x % a day'],
    // A loan sentence that promises earnings is a return all the same.
    ['Borrow $5,000 and earn 20% a day', 'x % a day'],
    ['Loan plan. 20% a month', 'x % a day'], // the rate is in another sentence than the loan
    ['Earn 200% a year', 'earn $x'],
    ['Make $1,000', 'earn $x'],
    ['Make 3k usd in a week', 'earn $x'],
    ['Passive income', 'passive income'],
    ['APY 12%', 'APY'],
  ])('refuses %j as %s', (text, label) => {
    expect(findReturnPromise(text)).toBe(label);
  });

  test.each(HONEST_TEXTS)('accepts %j', (text) => {
    expect(findReturnPromise(text)).toBeUndefined();
  });

  test('a loan rate a year is a cost, a rate a day without a loan is a return', () => {
    expect(findReturnPromise('Loan of $5,000 at 12% a year for 90 days')).toBeUndefined();
    expect(findReturnPromise('20 percent a day')).toBe('x % a day');
    expect(findReturnPromise('Loan of $5,000 at 20 percent a day, repaid from cash')).toBeUndefined();
    expect(findReturnPromise('Loan of $5,000: make 20 percent a day')).toBe('x % a day');
  });

  test('invisible characters anywhere in a promise do not hide it', () => {
    const invisible = fc.constantFrom('\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u200E');
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(40), invisible), { maxLength: 6 }), (insertions) => {
        let text = 'Double your money in 7 days';
        for (const [at, char] of insertions) {
          const i = at % (text.length + 1);
          text = text.slice(0, i) + char + text.slice(i);
        }
        expect(findReturnPromise(text)).toBe('double your money');
      }),
    );
  });

  test('an honest text stays honest whatever its case and spacing', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...HONEST_TEXTS),
        fc.boolean(),
        fc.constantFrom(' ', '  ', '\n', '\t'),
        (text, upper, space) => {
          const variant = (upper ? text.toUpperCase() : text).replaceAll(' ', space);
          expect(findReturnPromise(variant)).toBeUndefined();
        },
      ),
    );
  });
});
