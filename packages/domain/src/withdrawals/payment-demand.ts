import { prepareScreenedWords } from '../text/disguised-words.ts';
import { NUMBER_WORDS, readNumberWords } from '../text/number-words.ts';
import { findSpacedOutLetters, normaliseForScreening } from '../text/screening-text.ts';
import { PAYMENT_DEMAND_LANGUAGES, type PaymentDemandWords } from './payment-demand-languages.ts';

/*
 * A withdrawal never costs an extra payment (PRODUCT.md §1.3: the platform never asks a customer to
 * pay anything in order to withdraw). No text staff write that a customer reads may ask for one:
 * "Pay a $200 release fee to unlock withdrawals", "An upgrade to the Gold package is needed before
 * you can withdraw", "Your withdrawal will be released after a 20 percent deposit".
 *
 * The rule is about meaning, read one sentence at a time (docs/decisions/050): a demand is a **cost**
 * (an amount, a percentage, a fee, tax, duty, premium, deposit, top-up, purchase, upgrade, membership
 * or plan, or a verb that pays, sends, funds, buys or renews) joined to a **condition**: it is asked of
 * the customer ("Send …", "you must pay …"), said to be required or due ("… of $400 outstanding"), or
 * put before something the customer gets ("… to release your funds", "… before you can withdraw",
 * "released after a … deposit", "to proceed", "to complete your verification"), or what money
 * kept from the customer waits for ("on hold until the service charge is settled"). The same rules,
 * at their simplest, read Spanish, Portuguese, French and German (payment-demand-languages.ts).
 *
 * What stays honest: a cost that is denied ("no fee is due", "you never pay anything to withdraw"),
 * one that already exists ("your deposit", "the deposit fee charged twice"), a limit ("withdrawals
 * above $10,000"), papers about money ("proof of payment", "tax residency form"), and what staff did
 * ("we could not send $500 to this address").
 *
 * The text is read normalised (`normaliseForScreening`: look-alike letters, invisible characters,
 * spaced-out letters and digits or symbols written for letters undone: "p4y the f33" is "pay the
 * fee") with number words in digits ("five hundred dollars" is "500 dollars").
 */

const NUMBER = String.raw`\d+(?:[.,]\d+)*`;
/** A word of a sentence: sentences are split at . ! ? ; so a word runs to the next space or colon. */
const WORD = String.raw`[^\s:]+`;
const words = (max: number) => `(?:${WORD} ){0,${max}}?`;

const CURRENCY = String.raw`(?:us ?dollars?|usd|usdt|usdc|btc|eth|ltc|xrp|trx|bnb|sol|doge|dollars?|bucks|euros?|eur|pounds?|gbp|bitcoins?|ethers?|ethereum|tether|litecoin|sats|satoshis?)\b`;
/** Papers about money: asking for them asks for no payment ("tax form", "payment method"). */
const PAPER = String.raw`(?:residency|forms?|documents?|returns?|numbers?|id|certificates?|declarations?|information|details|statements?|identification|receipts?|proofs?|slips?|screenshots?|records?|history|methods?|address|cop(?:y|ies)|photos?|pictures?|scans?|evidence|confirmation|schedule|policy|terms)\b`;
/** A sum: "$300", "0.05 btc", "500 us dollars", "20 %", "2k usd". */
const AMOUNT = String.raw`(?:[$€£] ?${NUMBER}(?: ?k\b)?|${NUMBER} ?(?:k )?(?:${CURRENCY}|%|percent\b|per cent\b))`;
/** A sum as the other languages write it too: "200 €", "300 reais", "10 por ciento". */
const ANY_AMOUNT = String.raw`(?:${AMOUNT}|${NUMBER} ?(?:[$€£]|(?:dolares|reais|brl|pesos?|mxn|chf|franken|por ?ciento|pour ?cent|prozent)\b))`;
/** Fees in the narrow sense: what the refusal calls "a fee due". */
const FEE = `(?:fees?|charges?|tax(?:es)?|dut(?:y|ies)|premiums?|lev(?:y|ies)|penalt(?:y|ies)|commissions?|dues)`;
/** What a customer could be made to pay for. */
const COST_NOUN = String.raw`(?:${FEE}|deposits?|top-? ?ups?|payments?|purchases?|upgrades?|memberships?|subscriptions?|plans?|packages?|renewals?|reinvestments?|insurance)\b(?! ${PAPER})`;
/** Verbs that pay whatever follows them: "deposit to unlock", "upgrade before withdrawing". */
const MONEY_VERB = String.raw`(?:pay|paying|wire|wiring|remit|remitting|deposit|depositing|fund|funding|top-? ?up|topping up|upgrade|upgrading|reinvest|reinvesting|subscribe|subscribing)\b`;
/** Verbs that pay only with a sum after them: "send 0.01 btc", not "send a selfie". */
const SEND_VERB = String.raw`(?:send|sending|transfer|transferring|buy|buying|purchase|purchasing|renew|renewing|settle|settling|cover|covering)\b`;
const PAY_VERB = `(?:${MONEY_VERB}|${SEND_VERB})`;

/** A cost denied within the three words before it: "no fee", "never pay", "without paying". */
const NOT_DENIED = String.raw`(?<!\b(?:no|never|not|\w+n't|without|nothing|zero|free of)(?: ${WORD}){0,2} )`;
/** A cost that already exists: "your deposit", "the deposit fee". */
const NOT_EXISTING = String.raw`(?<!\b(?:your|the|this|that|its|our|my|their|his|her|each|every)(?: ${WORD})? )`;
/** Papers about a cost: "proof of payment", "receipt of your deposit". */
const NOT_PAPER = String.raw`(?<!\b${PAPER} of (?:your |the |a |an )?)`;
/** A limit, not a sum asked for: "above $10,000", "up to 50 %". */
const NOT_LIMIT = String.raw`(?<!\b(?:above|over|below|under|exceeding|up to|more than|less than|at most|limits? of|limit|maximum|max|minimum|min|of up to)(?: ${WORD})? )`;
/** What staff did, not what they ask: "we could not send", "we will transfer". */
const NOT_OURS = String.raw`(?<!\bwe(?: ${WORD}){0,3} )`;

/** What a paying verb asks for: a sum, or the words for one (not papers: "send proof of …"). */
const ASKED_SUM = String.raw`(?:(?!${PAPER})${WORD} ){0,3}?(?:${AMOUNT}|\b(?:${COST_NOUN}|money|funds|crypto|coins?|the (?:rest|balance|difference))\b(?! ${PAPER}))`;
/** Money given to the customer, not asked of them: "bonus of $50", "$200 credited". */
const NOT_GIVEN = String.raw`(?<!\b(?:bonus|credit|refund|compensation|reimbursement|goodwill|rebate)(?: ${WORD}){0,2} )`;
const AMOUNT_ASKED = String.raw`${NOT_LIMIT}${NOT_GIVEN}${AMOUNT}(?!(?: ${WORD}){0,2} (?:credited|refunded|returned|reimbursed|added|reversed)\b)`;
const PAYING = String.raw`(?:\b${MONEY_VERB}|\b${SEND_VERB} ${ASKED_SUM})`;

/** A cost asked for: an amount, a cost noun or a paying verb, none of them denied. */
const COST = `${NOT_DENIED}(?:${AMOUNT_ASKED}|${NOT_PAPER}\\b${COST_NOUN}|${NOT_OURS}${PAYING})`;
/** The sum of something that exists: "the transfer of $500", "your deposit of 0.05 btc". */
const NOT_EXISTING_SUM = String.raw`(?<!\b(?:your|the|this|that|its|our)(?: ${WORD}){1,2} of )`;
/** A cost that is a new one (not "your deposit"): what a purpose or a release can hang on. */
const NEW_COST = `${NOT_DENIED}(?:${NOT_EXISTING_SUM}${AMOUNT_ASKED}|${NOT_PAPER}${NOT_EXISTING}\\b${COST_NOUN}|${NOT_OURS}${NOT_EXISTING}${PAYING})`;

/** What the customer gets once they pay: their money, or the service the text is about. */
const GATE = String.raw`(?:withdraw\w*|releas\w*|unlock\w*|unfreez\w*|unblock\w*|enabl\w*|proceed\w*|complet\w*|reactivat\w*|activat\w*|access\w*|receiv\w*|process\w*|resum\w*|continu\w*|payouts?|cash(?:ing)? out|claim\w*|restor\w*|lift\w*|get (?:your |the )?(?:money|funds|profits?|balance))`;
/** A cost put before the gate: "… to release", "… before you can withdraw", "… until withdrawals resume". */
const PURPOSE = `(?:to|in order to|so (?:that )?(?:you |we )?(?:can|may|could)|before|until|till|prior to|otherwise|or)`;
const GATE_AFTER_COST = `${NEW_COST}(?: ${WORD}){0,8}? ${PURPOSE} ${words(4)}${GATE}`;
/** A gate that waits for a cost: "released after a 20 % deposit", "unlocked once you upgrade". */
const COST_AFTER_GATE = String.raw`\b${GATE}(?: ${WORD}){0,6}? (?:after|once|upon|when|as soon as|following|on receipt of|if) ${words(4)}${NEW_COST}`;
/** A heading that names the gate: "To release: $300 to …". */
const GATE_HEADING = String.raw`\bto (?:${WORD} )?${GATE} ?: ${words(4)}${NEW_COST}`;

/*
 * Implied conditions (docs/decisions/050, 2026-11-29): the customer's money is kept until a cost
 * arrives, with no "to" or "before" joining them. "Your withdrawal stays on hold until the service
 * charge is settled", "Funds are released once the fee of $300 is received", "… pending payment of
 * the tax", "Withdrawal on hold: compliance charge of $150".
 */

/** Money kept from the customer: held, blocked, frozen, pending, or waiting to be withdrawn or released. */
const KEPT = String.raw`(?:on hold|held|holds?|holding|block\w*|frozen|freez\w*|lock\w*|suspend\w*|paus\w*|restrict\w*|pending|withdraw\w*|releas\w*|payouts?|unlock\w*|unfreez\w*|resum\w*)`;
/** A sentence about money kept from the customer. */
const ABOUT_KEPT = String.raw`^(?=.*\b${KEPT}\b)`;
/** A fee in the narrow sense, asked (any article: "the clearance charge"), not one refunded, deducted or corrected. */
const FEE_ASKED = String.raw`${NOT_DENIED}${NOT_PAPER}${NOT_GIVEN}\b${FEE}\b(?! ${PAPER})(?!(?: ${WORD}){0,3} (?:deducted|refund\w*|waived|credited|returned|reversed|correct\w*|shown|listed|estimat\w*|taken from|included)\b)`;
/**
 * A cost of the kind a hold can wait for: a fee asked, a new sum or cost ("a deposit of $500", not
 * "your deposit"), or a sum said to be owed ("the outstanding balance"). Nouns only: a hold waits
 * for a payment, not for a verb.
 */
const AWAITED_COST = String.raw`(?:${FEE_ASKED}|${NOT_DENIED}\b(?:a|an|another|one more|new|further|additional|first) (?:${WORD} )?${COST_NOUN}|${NOT_EXISTING_SUM}${NOT_LIMIT}${NOT_GIVEN}${AMOUNT}|\b(?:outstanding|unpaid|overdue) (?:balance|amount|sum|debt)\b)`;
/** Arrives: "is paid", "has been settled", "clears", "arrives", or a bare "paid" ("until fee paid"). */
const ARRIVES = String.raw`(?:(?:(?:is|are|has been|have been|gets?|been) )?(?:paid|settled|covered|received|made|deposited|sent|topped up|transferred|credited|in place)|(?:(?:has|have) )?(?:arrived|cleared|landed|come in|reached us)|arrives|clears|lands|comes in|reaches us)\b`;
const ONCE = '(?:until|till|once|after|when|as soon as|unless|upon|on)';

/** Where a demand is asked of the customer: a sentence's start or a word that asks. */
const ASKED = String.raw`(?:^|[:,()\-] ?|\b(?:please|kindly|must|should|shall|need to|needs to|have to|has to|required to|asked to|you to|you|first|then|and|or|just|simply|by|after|once|until|before|when|if) )`;

/** A sum that is the subject of what follows, not asked for: "Deposit 0.05 BTC not received". */
const NOT_STATED = String.raw`(?! (?:was|were|is|has|had|did|not|never|missing|received|rejected|declined|failed|returned|bounced)\b)`;

/** Said to be owed: "… is due", "… of $400 outstanding", "… must be paid". */
const OWED = String.raw`(?:required|needed|necessary|mandatory|due(?! to\b)|outstanding|owed|owing|payable|unpaid|applies|apply|(?:must|needs? to|has to|have to|to) be (?:paid|made|sent|settled|covered|deposited))\b`;
const OWED_AFTER = (cost: string) =>
  `${cost}(?: (?!${PAPER})${WORD}){0,6}? (?:is |are |remains? |still |now |first )*${OWED}`;

/**
 * A rule: its label in the refusal, its pattern, and what a sentence must hold for the pattern to
 * match (a cheap test run first: a long pattern is compiled the first time it runs, which takes
 * long enough to be felt in a form, so a sentence without a cost never runs it).
 */
type Rule = { label: string; pattern: RegExp; needs: RegExp };

/** What every English rule needs: a digit (a sum) or a word for a cost, a payment or money. */
const ENGLISH_NEEDS =
  /\d|fee|charg|tax|dut(?:y|ies)|premium|lev(?:y|ies)|penalt|commission|dues|deposit|top|pay|remit|purchas|upgrad|member|subscri|plan|package|renew|reinvest|insurance|wire|fund|send|transfer|buy|settl|cover|money|crypto|coin|balance|rest|difference|sum|amount|debt/;

const rule = (label: string, source: string, needs: RegExp = ENGLISH_NEEDS): Rule => ({
  label,
  pattern: new RegExp(source),
  needs,
});

/** A list of phrases as one alternative, longest first (so "hasta que" is tried before "hasta"). */
function anyOf(phrases: readonly string[]): string {
  const escaped = [...phrases]
    .sort((a, b) => b.length - a.length)
    .map((phrase) => phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return `(?:${escaped.join('|')})`;
}

/**
 * The rules of one language of the table (payment-demand-languages.ts), at their simplest: a cost
 * put before a gate, a gate waiting for a cost, and a cost said to be owed.
 */
function rulesOf(table: PaymentDemandWords): Rule[] {
  const notDenied = String.raw`(?<!\b${anyOf(table.denials)}(?: ${WORD}){0,3} )`;
  const notPaper = String.raw`(?<!\b${anyOf(table.papers)} (?:${WORD} )?(?:${WORD} )?)`;
  const notOwn = String.raw`(?<!\b${anyOf(table.possessives)} (?:${WORD} )?)`;
  const notExisting = String.raw`${notOwn}(?<!(?:\b|^)${anyOf(table.articles)} ?)`;
  const tails = table.compoundTails ?? [];
  const costNoun = (existing: string) =>
    String.raw`${notPaper}${existing}(?:\b${anyOf(table.costs)}\b${tails.length > 0 ? String.raw`|\b\w+${anyOf(tails)}\b` : ''})`;
  const paying = String.raw`\b${anyOf(table.payVerbs)}\b|\b${anyOf(table.sendVerbs)} ${words(3)}${ANY_AMOUNT}`;
  /** A cost that may be one that exists ("la tasa … debe pagarse"): what is said to be owed. */
  const cost = `${notDenied}(?:${costNoun(notOwn)}|${paying})`;
  /** A new cost ("una tasa", not "su depósito" or "la comisión"): what a gate can wait for. */
  const newCost = `${notDenied}(?:${costNoun(notExisting)}|${paying})`;
  const gate = String.raw`\b${anyOf(table.gates)}\b`;
  const owed = String.raw`\b${anyOf(table.owed)}\b`;
  const label = 'a payment';
  // A sentence without a cost of the language, and a gate or an owing word, runs none of its rules.
  const needs = new RegExp(
    String.raw`^(?=.*(?:\b${anyOf([...table.costs, ...table.payVerbs, ...table.sendVerbs])}\b${tails.length > 0 ? String.raw`|\w${anyOf(tails)}\b` : ''}))(?=.*\b${anyOf([...table.gates, ...table.owed])}\b)`,
  );
  return [
    // The rest of a word (a comma, a compound) may follow the cost or the gate: \S*.
    rule(
      label,
      String.raw`${newCost}\S*(?: ${WORD}){0,8}? ${anyOf(table.purposes)} ${words(4)}${gate}`,
      needs,
    ),
    rule(label, String.raw`${gate}\S*(?: ${WORD}){0,6}? ${anyOf(table.waits)} ${words(4)}${newCost}`, needs),
    rule(label, String.raw`${cost}\S*(?: ${WORD}){0,6}? ${owed}|${owed} ${words(4)}${cost}`, needs),
  ];
}

/**
 * In order: the first that matches names the demand in the refusal. Made on the first screening,
 * not when the module loads: every page of the web app imports this module through the contracts,
 * and a customer's pages never screen (making the rules and their words took about 530 ms of the
 * dashboard's load on a phone's CPU, 4x slower, docs/decisions/056).
 */
const paymentDemands = once((): readonly Rule[] => [
  // "Send 0.01 BTC …", "Pay a $200 release fee …", "… until you deposit $500", "Buy the Gold plan …".
  rule('a payment', `${ASKED}${NOT_DENIED}${PAY_VERB}(?! of\\b) ${ASKED_SUM}${NOT_STATED}`),
  // "… once you pay." ("pay attention" asks for nothing).
  rule('a payment', String.raw`${ASKED}(?:pay|paying|remit)\b(?! (?:attention|heed)\b)`),
  // "… once you make a payment of $300".
  rule(
    'a payment',
    String.raw`${ASKED}(?:make|making) (?:a |an |the |your )?(?:\S+ )?(?:payment|deposit|transfer)\b`,
  ),
  // Fees that do not exist on this platform: "release fee", "unlock fee", "clearance fee", "AML deposit" …
  rule(
    'a release fee',
    String.raw`\b(?:release|unlock(?:ing)?|clearance|activation|reactivation|unfreez(?:e|ing)|anti-? ?money-? ?laundering|aml|insurance|upgrade|verification|code|tax|stamp|withdrawal tax) (?:fees?|charges?|deposits?|payments?|tax(?:es)?|dut(?:y|ies)|premiums?)\b(?! ${PAPER})`,
  ),
  // "Tax of 10% must be paid …", "a fee is due", "insurance premium of $400 outstanding", "unpaid charges".
  rule(
    'a fee due',
    `${OWED_AFTER(`${NOT_DENIED}${NOT_PAPER}\\b${FEE}\\b`)}|\\b(?:unpaid|outstanding|pending|overdue) ${FEE}\\b`,
  ),
  // "A deposit of $200 is required", "Top-up of $300 needed".
  rule('a required payment', OWED_AFTER(COST)),
  // "… until the balance of $500 is settled", "… once a fee is paid".
  rule(
    'a required payment',
    String.raw`\b(?:until|till|once|after|when|as soon as|unless) ${words(5)}${COST}(?: ${WORD}){0,4}? (?:is|are|has been|have been|gets?) (?:paid|settled|covered|received|made|deposited|sent|topped up|transferred)\b`,
  ),
  // "Withdrawal requires a $250 fee", "requires payment", "a deposit is needed".
  rule(
    'a required payment',
    String.raw`\b(?:requir\w*|needs?|demands?) ${words(3)}(?:${AMOUNT}|${COST_NOUN}|payments?\b(?! (?:accounts?\b|${PAPER})))`,
  ),
  // "Complete a deposit of 500 USD to release your funds", "A stamp duty … applies before withdrawal".
  rule('a payment', GATE_AFTER_COST),
  // "Your withdrawal will be released after a 20 percent deposit".
  rule('a payment', COST_AFTER_GATE),
  // "To release: $300 to bc1q…".
  rule('a payment', GATE_HEADING),
  // "Your withdrawal stays on hold until the service charge is settled", "… once a deposit of $500 arrives".
  rule(
    'a required payment',
    String.raw`\b${ONCE} ${words(5)}${AWAITED_COST}(?: ${WORD}){0,4}? ${ARRIVES}`,
    new RegExp(String.raw`^(?=.*\b${ONCE}\b)(?=.*${ARRIVES})`),
  ),
  // "… remains on hold until we receive the processing fee", "… frozen pending payment of the tax".
  rule(
    'a required payment',
    String.raw`${ABOUT_KEPT}.*\b(?:${ONCE} (?:we|support|the desk|our (?:team|desk)) (?:have |has )?(?:receive\w*|get|got|collect\w*)|(?:pending|awaiting|upon|on|after|following|against) (?:the |a |an |full |your )?(?:payment|receipt|settlement|clearance|remittance) of) ${words(3)}${AWAITED_COST}`,
    new RegExp(
      String.raw`${ABOUT_KEPT}.*\b(?:receive|get|got|collect|payment of|receipt of|settlement of|clearance of|remittance of)`,
    ),
  ),
  // "… on hold pending a compliance charge of $150", "Withdrawal on hold: compliance charge of $150".
  rule(
    'a fee due',
    String.raw`${ABOUT_KEPT}.*(?:\b(?:pending|awaiting) |\b${KEPT} ?: )${words(3)}${FEE_ASKED}`,
    new RegExp(String.raw`${ABOUT_KEPT}.*\b${FEE}`),
  ),
  // "$300 to bc1q…", "0.05 BTC to our wallet": a sum sent somewhere.
  rule(
    'a payment',
    String.raw`${NOT_OURS}${AMOUNT_ASKED} ${words(2)}to (?:bc1\w+|0x[0-9a-f]+|[13][a-km-z1-9]{25,}|t[a-z0-9]{33}|(?:our|the following|the below|my) (?:${WORD} )?(?:wallet|address)|support|us)\b`,
  ),
  // Spanish, Portuguese, French, German (payment-demand-languages.ts).
  ...PAYMENT_DEMAND_LANGUAGES.flatMap(rulesOf),
]);

/**
 * The words the rules read (every run of letters in their patterns: "pay", "fee", "withdraw",
 * "your", "hasta", "gebuhr" …, and the number words), so that one written with digits or symbols for letters ("p4y",
 * "f33", "w1thdraw", "$end", "d1e") is read as the word (`readDisguisedWords`). Endings ("fees",
 * "withdrawals", "releas" + "ed") are added when read.
 */
const screenedWords = once(() =>
  prepareScreenedWords(
    [
      ...paymentDemands().flatMap(({ pattern }) =>
        // "fees?" reads "fee" and "fees".
        (pattern.source.replace(/\\[a-zA-Z]/g, ' ').match(/[a-z]{2,}\??/g) ?? []).flatMap((word) =>
          word.endsWith('?') ? [word.slice(0, -1), word.slice(0, -2)] : [word],
        ),
      ),
      ...NUMBER_WORDS,
    ],
    PAYMENT_DEMAND_LANGUAGES.flatMap((table) => table.compoundTails ?? []),
  ),
);

/** A value made by `make` on the first call, then kept. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

/** Words a spaced-out run may hide: "p a y t h e f e e". */
const HIDDEN_DEMAND = /pay|fee|send|deposit|transfer|wire|btc|usdt|tax|fund|buy|purchase|upgrade/;

/**
 * The sentences of a normalised text: split at . ! ? ; but not at a decimal point ("0.05 btc") nor
 * at a ! or ? inside a word, where it stands for a letter of a word no screen reads ("compl!ance").
 */
function sentencesOf(text: string): string[] {
  return text
    .split(/[!?](?![\p{L}\p{N}])|;|\.(?!\d)/u)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 0);
}

/**
 * The first demand for a payment in `text` ("a payment", "a release fee", "a fee due", "a required
 * payment"), or undefined when it asks the customer for none.
 */
export function findPaymentDemand(text: string): string | undefined {
  const sentences = sentencesOf(readNumberWords(normaliseForScreening(text, screenedWords())));
  for (const { label, pattern, needs } of paymentDemands()) {
    if (sentences.some((sentence) => needs.test(sentence) && pattern.test(sentence))) return label;
  }
  if (findSpacedOutLetters(text).some((run) => HIDDEN_DEMAND.test(run))) return 'a payment';
  return undefined;
}
