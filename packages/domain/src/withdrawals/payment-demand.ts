import { normaliseForScreening } from '../text/screening-text.ts';

/*
 * A withdrawal never costs an extra payment (PRODUCT.md §1.3: the platform never asks a customer to
 * pay anything in order to withdraw). The texts staff write that a customer reads about their money
 * (a hold's reason, a rejection's reason, a suspension's reason) must not ask for one: "Pay a $200
 * release fee to unlock withdrawals", "Send 0.01 BTC to release your funds". The rules read the text
 * normalised (`normaliseForScreening`), so look-alike letters and invisible characters hide nothing.
 *
 * A payment word counts when it is asked of the customer: at the start of a clause ("Send …",
 * "…: pay …"), or after "please", "you", "must", "need to", "until", "once" …; "your deposit of $500
 * is under review" and "we could not send $500 to this address" are not demands.
 */

const NUMBER = String.raw`\d+(?:[.,]\d+)*`;
/** Papers about money ("tax form", "proof of your deposit", "payment details"): asking for them asks for no payment. */
const PAPER = String.raw`(?:residency|forms?|documents?|returns?|numbers?|id|certificates?|declarations?|information|details|statements?|identification|receipts?|proofs?|slips?|screenshots?|records?|history|method|address|cop(?:y|ies)|photos?|pictures?|scans?|evidence|confirmation)\b`;
/** Where a demand starts: a clause's start or a word that asks. */
const LEAD = String.raw`(?:^|[.:;!?,()\-] ?|\b(?:please|kindly|must|should|shall|need to|needs to|have to|has to|required to|asked to|you to|you|first|then|and|or|just|simply|by|after|once|until|before|when|if) )`;
/** A sum of money, or the words for one. */
const MONEY = String.raw`(?:[$€£]|${NUMBER} ?(?:k )?(?:usd|usdt|usdc|btc|eth|ltc|xrp|trx|bnb|sol|doge|dollars?|euros?|pounds?|%)|\b(?:fees?|tax(?:es)?|charges?|commissions?|deposits?|payments?|amount|sum|money|funds|levy|penalty|dues|costs?)\b(?! ${PAPER}))`;
/** Up to three words before the money, not across punctuation ("pay the release fee", not "Transfer limits: … $10,000"). */
const WORDS_BEFORE_MONEY = String.raw`(?:(?!${PAPER})[^\s.,:;!?]+ ){0,3}?`;
const PAYMENT_VERB = `(?:pay|paying|send|sending|deposit|depositing|transfer|transferring|wire|wiring|remit|remitting|top up|topping up|settle|settling|cover|covering)`;
const FEE = String.raw`(?:fees?|tax(?:es)?|charges?|commissions?|levy|penalty|dues)\b(?! ${PAPER})`;

type Rule = { label: string; pattern: RegExp };

/** In order: the first that matches names the demand in the refusal. */
const PAYMENT_DEMANDS: readonly Rule[] = [
  // "Send 0.01 BTC …", "Pay a $200 release fee …", "… until you deposit $500".
  { label: 'a payment', pattern: new RegExp(`${LEAD}${PAYMENT_VERB} ${WORDS_BEFORE_MONEY}${MONEY}`) },
  // "… once you pay." ("pay attention" asks for nothing).
  { label: 'a payment', pattern: new RegExp(`${LEAD}(?:pay|paying|remit)\\b(?! (?:attention|heed)\\b)`) },
  // "… once you make a payment of $300".
  {
    label: 'a payment',
    pattern: new RegExp(
      `${LEAD}(?:make|making) (?:a |an |the |your )?(?:\\S+ )?(?:payment|deposit|transfer)\\b`,
    ),
  },
  // Fees that do not exist on this platform: "release fee", "unlock fee", "clearance fee", "AML deposit" …
  {
    label: 'a release fee',
    pattern: new RegExp(
      `\\b(?:release|unlock(?:ing)?|clearance|activation|reactivation|unfreez(?:e|ing)|anti-? ?money-? ?laundering|aml|insurance|upgrade|verification|code|tax) (?:fees?|charges?|deposits?|payments?|tax(?:es)?)\\b(?! ${PAPER})`,
    ),
  },
  // "Tax of 10% must be paid …", "a fee is due", "unpaid charges".
  {
    label: 'a fee due',
    pattern: new RegExp(
      `(?<!\\bno )\\b${FEE}(?: (?!${PAPER})[^\\s.:;!?]+){0,4}? (?:is |are |remains? |still )*(?:required|due|outstanding|owed|payable|unpaid|needed|(?:must|needs to|has to|to) be (?:paid|settled|covered))\\b|\\b(?:unpaid|outstanding|pending|overdue) ${FEE}\\b`,
    ),
  },
  // "A deposit of $200 is required", "payment of 0.05 BTC needed".
  {
    label: 'a required payment',
    pattern: new RegExp(
      `\\b(?:deposit|payment|transfer) of ${WORDS_BEFORE_MONEY}${MONEY}[^.!?]{0,40}\\b(?:required|needed|due|must be (?:made|paid|sent))\\b`,
    ),
  },
  // "Withdrawal requires a $250 fee", "requires payment".
  {
    label: 'a required payment',
    pattern: new RegExp(
      `\\brequir\\w* (?:[^\\s.,:;!?]+ ){0,3}?(?:${FEE}|payments?\\b(?! (?:accounts?\\b|${PAPER}))|[$€£] ?\\d)`,
    ),
  },
];

/**
 * The first demand for a payment in `text` ("a payment", "a release fee", "a fee due" …), or undefined
 * when it asks the customer for none.
 */
export function findPaymentDemand(text: string): string | undefined {
  const normalised = normaliseForScreening(text);
  return PAYMENT_DEMANDS.find(({ pattern }) => pattern.test(normalised))?.label;
}
