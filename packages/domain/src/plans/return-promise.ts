import { normaliseForScreening } from '../text/screening-text.ts';

/*
 * What promises a return (PRODUCT.md §2 Plans: a card shows only what the plan does). A plan's name
 * or description containing one is refused by the server. The rules read the text normalised
 * (`normaliseForScreening`: lower case, look-alike letters folded, invisible characters dropped), so
 * "Guаranteed" with a Cyrillic "а" or "G\u200Buaranteed" read as "guaranteed".
 *
 * A percentage is a promise when it is a return, not when it is a cost: "12% a year" on a loan is the
 * interest the customer pays, "20 percent a day" is a return. Yearly rates are never read as a return
 * on their own (a loan's rate is yearly, the loan plans' own field); a rate per day, week or month is,
 * unless its sentence is about a loan (loan, borrowed, owed, repaid, accrues, APR …) and says nothing
 * of earnings (earn, profit, return, income …).
 */

const NUMBER = String.raw`\d+(?:[.,]\d+)*`;
const PERCENT = `${NUMBER} ?(?:%|percent|per cent|pct)`;
const PERIOD = String.raw`(?:(?:a|an|per|each|every) (?:day|week|month|hour)|daily|weekly|monthly|hourly|/ ?(?:day|week|month|d|wk|mo)\b)`;
const MONEY = String.raw`(?:[$€£] ?${NUMBER}(?: ?k\b)?|${NUMBER}(?: ?k)? ?(?:usd|usdt|dollars?|euros?|btc|eth)\b)`;
const RETURN_NOUN = `(?:returns?|profits?|income|gains?|earnings?|payouts?|yields?|dividends?)`;

/** A sentence about a loan's cost: its rate per day or month is interest the customer pays, not a return. */
const LOAN_COST =
  /\b(?:loans?|borrow\w*|lend\w*|lent|repa(?:y|ys|id|ying|yments?)|owed?|owes|owing|debts?|apr|accru\w*)\b/;
/** Words that make a rate a return even in a sentence about a loan. */
const RETURN_WORD =
  /\b(?:earn\w*|profit\w*|returns?|yield\w*|payouts?|income|gain\w*|roi|apy|bonus\w*|rewards?|grow\w*|make|makes|making|passive|dividends?)\b/;
const PERIODIC_PERCENT = new RegExp(`${PERCENT} ?${PERIOD}`);

/** A rate per day, week or month that is a return (see above). */
function promisesPeriodicReturn(text: string): boolean {
  return text
    .split(/[.!?](?= |$)/)
    .some(
      (sentence) =>
        PERIODIC_PERCENT.test(sentence) && (!LOAN_COST.test(sentence) || RETURN_WORD.test(sentence)),
    );
}

type Rule = { label: string; test: (text: string) => boolean };

function pattern(label: string, regex: RegExp): Rule {
  return { label, test: (text) => regex.test(text) };
}

/** In order: the first that matches names the promise in the refusal. */
const RETURN_PROMISES: readonly Rule[] = [
  pattern('guaranteed', /\bguarant(?:ee|eed|ees|eeing|y)\b/),
  pattern('risk-free', /\brisk-? ?free\b/),
  pattern('no risk', /(?:\b(?:no|zero)|(?<!\b(?:not|never) )\bwithout(?: any)?) ?-?risks?\b/),
  pattern('ROI', /\broi\b/),
  pattern('return on investment', /\breturns? on (?:your |the )?investments?\b/),
  pattern(
    'x % profit',
    new RegExp(
      `${PERCENT} ?(?:(?:a|an|per) (?:year|annum) |annual(?:ly)? |yearly |daily |weekly |monthly )?(?:of )?(?:profits?|returns?|gains?|yields?|roi|interest earned|payouts?|income)\\b`,
    ),
  ),
  pattern(
    'higher profits',
    /\b(?:higher|more|bigger|better|extra|increased?) (?:profits?|returns?|gains?|earnings?)\b/,
  ),
  pattern(
    'a stated profit',
    new RegExp(
      `\\b${RETURN_NOUN} (?:of|up to|from|reaching|as high as) (?:over |at least )?(?:[$€£]|\\d)|${MONEY} ?(?:of )?(?:(?:daily|weekly|monthly) )?${RETURN_NOUN}\\b`,
    ),
  ),
  pattern(
    'assured returns',
    /\b(?:assured|promised|certain|secured?|sure|fixed) (?:returns?|profits?|income|gains?|earnings?|payouts?|yields?)\b/,
  ),
  pattern(
    'cannot lose',
    /\b(?:can ?not|can't|never|won't|will not|impossible to|no way to) (?:ever )?lose\b(?! (?:more|over|beyond|above)\b)/,
  ),
  pattern('no loss', /\b(?:(?:no|zero|without(?: any)?) loss(?:es)?|loss-? ?free)\b/),
  pattern(
    'double your money',
    /\b(?:doubl|tripl|quadrupl|multipl)(?:e|es|ed|ing|y|ies|ied) (?:(?:your|the|my|their|our) )?(?:money|investments?|capital|deposits?|funds|balance|portfolio|savings|profits?|cash|stake)\b/,
  ),
  pattern(
    '100% safe',
    /\b100 ?(?:%|percent|per cent) (?:safe|secure|guaranteed|risk-? ?free|protected|sure|certain|profitable)\b|\b(?:totally|completely|absolutely|perfectly) safe\b/,
  ),
  pattern(
    'x payout',
    /\b\d+(?:[.,]\d+)? ?(?:x|times) (?:(?:your|the|my) )?(?:payouts?|returns?|profits?|money|investments?|deposits?|gains?|capital|stake)\b|\b(?:payouts?|returns?|profits?) (?:of )?(?:x ?\d+(?:[.,]\d+)?|\d+(?:[.,]\d+)? ?x)\b/,
  ),
  pattern('safe investment', /\b(?:safe|secure|sure) (?:investments?|bets?|profits?|returns?|income)\b/),
  { label: 'x % a day', test: promisesPeriodicReturn },
  pattern(
    'earn $x',
    new RegExp(
      `\\b(?:earn|earns|earning|make|makes|making|gain|gains|pocket|collect) (?:up to |over |at least |about |around |as much as |more than )?(?:${MONEY}|${PERCENT})`,
    ),
  ),
  pattern('passive income', /\bpassive (?:income|earnings|profits?)\b/),
  pattern('APY', /\bapy\b/),
];

/** The first return promise in `text` ("guaranteed", "ROI", "x % a day" …), or undefined when there is none. */
export function findReturnPromise(text: string): string | undefined {
  const normalised = normaliseForScreening(text);
  return RETURN_PROMISES.find((rule) => rule.test(normalised))?.label;
}
