import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { findPaymentDemand } from './payment-demand.ts';

/** What staff honestly tell a customer about a hold, a rejection or a suspension. */
const HONEST_REASONS = [
  'Identity documents expired: upload a new ID on the Identity page',
  'Your deposit of $500 is still under review; withdrawals resume once it is approved',
  'Password changed 2 hours ago: withdrawals resume 24 hours after the change',
  'Suspicious sign-in from a new country: contact support to confirm it was you',
  'The withdrawal fee (2%) is deducted from the amount; you never pay anything to withdraw',
  'No fees are due to withdraw',
  'Transfer limits: withdrawals above $10,000 need a verified identity',
  'Withdrawals require a verified identity',
  'Withdrawals require a payment method in your name',
  'Tax residency form required: upload it on the Identity page',
  'Send proof of your last deposit to support',
  'Please send a photo of your bank statement showing the deposit',
  'Deposit proof missing: upload the receipt of your deposit',
  'Rejected: the destination address is not a valid Bitcoin address; submit a new request',
  'Rejected: we cannot send funds to a third-party account',
  'We could not send $500 to this address: it is not a valid BTC address',
  'We will send the $500 once your identity is verified',
  'Bank account holder name does not match: add a bank account in your name',
  'Please pay attention to the IBAN: it must be in your name',
  'Account under review after a large transfer of funds',
  'Suspicious activity on the account: contact support',
  // What staff write elsewhere: adjustments, deposit and identity decisions, desk trades, loans (H3).
  'Proof of payment does not match the amount',
  'Duplicate deposit',
  'The bank account name does not match your name',
  'Chargeback correction',
  'Goodwill credit after outage',
  'Your document is blurred, please upload a clearer photo',
  'Fee correction for withdrawal #123',
  'Closing at customer request by phone',
  'Desk execution for client order',
  'The address is not a valid Bitcoin address',
  'Refund of the deposit fee charged twice',
  'No payment is ever needed to withdraw. You can cancel this request at any time and the amount returns to your balance.',
  'Your withdrawal will be released once your deposit has cleared',
  'Refund of the withdrawal fee after a failed payout',
  'Deposit of 0.05 BTC not received: the transaction hash is unknown',
  'Deposit 0.05 BTC not received',
  'Bonus of $50 credited to enable copy trading',
  'Withdrawals resume after the transfer of $500 is confirmed by your bank',
  'Send a selfie to complete your verification',
  'Renew your ID document to proceed',
  'The amount sent does not match the deposit of $500 you declared',
  'Correction of a $25 fee charged in error',
  'Monthly loan income too low for a loan of $5,000',
  "Executed by phone on the customer's instruction at 1.0845",
  'Risk limit reached: position closed to protect your balance',
  'Stop-out: margin level below 50 percent',
  'The photo of your ID does not show all four corners',
  'Name on the document does not match the account',
  'Interest of 12% a year on the loan, repaid from your cash',
];

describe('findPaymentDemand', () => {
  test.each([
    // The tester's hold reasons.
    ['Pay a $200 release fee to unlock withdrawals', 'a payment'],
    ['Send 0.01 BTC to release your funds', 'a payment'],
    // Other ways to ask.
    ['Withdrawals are locked until you deposit $500', 'a payment'],
    ['Transfer the AML deposit to our wallet', 'a payment'],
    ['Your withdrawal will be released once you make a payment of $300', 'a payment'],
    ['Withdrawals resume once you pay.', 'a payment'],
    ['Please wire 1,000 USD to the account below', 'a payment'],
    ['Top up $150 to receive your funds', 'a payment'],
    ['Kindly settle the outstanding tax', 'a payment'],
    ['Pay back your $500 loan to unlock withdrawals', 'a payment'],
    ['Deposit $500 to reactivate your account', 'a payment'],
    ['A clearance fee is required to receive your funds', 'a release fee'],
    ['Unlock fee: $200', 'a release fee'],
    ['Activation deposit pending', 'a release fee'],
    ['Tax of 10% must be paid before your withdrawal is processed', 'a fee due'],
    ['A fee is due before withdrawals resume', 'a fee due'],
    ['Outstanding charges on the account', 'a fee due'],
    ['A deposit of $200 is required', 'a required payment'],
    ['Withdrawal requires a $250 fee', 'a required payment'],
    ['Releasing funds requires payment.', 'a required payment'],
    // Disguised.
    ['Раy a $50 fee to unlock', 'a payment'], // Cyrillic Р and а
    ['S\u200Bend 0.01 BTC to release your funds', 'a payment'], // zero-width space
    ['ＰＡＹ　ＴＨＥ　ＦＥＥ', 'a payment'], // full-width letters and space
    // What got past the word list (H4): purchases, deposits, top-ups and upgrades as the condition.
    ['An upgrade to the Gold package is needed before you can withdraw', 'a required payment'],
    ['Complete a deposit of 500 USD to release your funds', 'a payment'],
    ['Fund your account with 0.05 BTC to release this withdrawal', 'a payment'],
    ['P a y  t h e  f e e', 'a payment'], // spaced-out letters
    ['Buy the Diamond signal plan to unlock withdrawals', 'a payment'],
    ['Purchase a trading package to enable withdrawals', 'a payment'],
    ['Top-up of $300 needed', 'a required payment'],
    ['To release: $300 to bc1q…', 'a payment'],
    ['Send five hundred dollars to support', 'a payment'], // number words
    ['Transfer two hundred US dollars to unlock', 'a payment'],
    ['Withdrawal blocked: insurance premium of $400 outstanding', 'a release fee'],
    ['A stamp duty of $250 applies before withdrawal', 'a release fee'],
    ['Renew your VIP membership ($299) to withdraw', 'a payment'],
    ['Reinvest 30% of your profit to withdraw', 'a payment'],
    ['Your withdrawal will be released after a 20 percent deposit', 'a payment'],
    ['Pay the $50 verification fee to proceed', 'a payment'],
    ['Send 0.01 BTC to bc1q… to complete your verification', 'a payment'],
    ['Fund your account with 0.05 BTC to reactivate it', 'a payment'],
  ])('refuses %j as %s', (text, label) => {
    expect(findPaymentDemand(text)).toBe(label);
  });

  test.each(HONEST_REASONS)('accepts %j', (text) => {
    expect(findPaymentDemand(text)).toBeUndefined();
  });

  test('invisible characters anywhere in a demand do not hide it', () => {
    const invisible = fc.constantFrom('\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u200F');
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(60), invisible), { maxLength: 6 }), (insertions) => {
        let text = 'Send 0.01 BTC to release your funds';
        for (const [at, char] of insertions) {
          const i = at % (text.length + 1);
          text = text.slice(0, i) + char + text.slice(i);
        }
        expect(findPaymentDemand(text)).toBe('a payment');
      }),
    );
  });

  test("a cost joined to a condition on the customer's money is refused, however it is worded", () => {
    const cost = fc.constantFrom(
      'Pay $300',
      'Deposit 500 USD',
      'Send 0.05 BTC',
      'Transfer two hundred dollars',
      'Buy the Gold plan',
      'Purchase a VIP package',
      'Upgrade your account',
      'Renew your membership',
      'Top up 20%',
      'Fund your account with 1,000 USDT',
      'A tax of $90 applies',
      'An insurance premium of $400 is needed',
      'A 15 percent deposit is required',
    );
    const condition = fc.constantFrom(
      'to withdraw',
      'to release your funds',
      'to unlock withdrawals',
      'to enable withdrawals',
      'to proceed',
      'to complete your verification',
      'to reactivate your account',
      'before you can withdraw',
      'before withdrawal',
      'in order to receive your money',
      'until withdrawals resume',
    );
    fc.assert(
      fc.property(cost, condition, fc.boolean(), (paying, gate, upper) => {
        const text = `${paying} ${gate}`;
        expect(findPaymentDemand(upper ? text.toUpperCase() : text), text).toBeDefined();
      }),
    );
  });

  test('a demand spelt out letter by letter is still refused', () => {
    const demands = ['Pay the fee', 'Send 0.01 BTC to release your funds', 'Deposit 500 USD to withdraw'];
    fc.assert(
      fc.property(fc.constantFrom(...demands), fc.integer({ min: 2, max: 4 }), (text, wordGap) => {
        const spaced = text
          .split(' ')
          .map((word) => [...word].join(' '))
          .join(' '.repeat(wordGap));
        expect(findPaymentDemand(spaced), spaced).toBeDefined();
      }),
    );
  });

  test('an honest reason stays honest whatever its case and spacing', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...HONEST_REASONS),
        fc.boolean(),
        fc.constantFrom(' ', '  ', '\n', '\t'),
        (text, upper, space) => {
          const variant = (upper ? text.toUpperCase() : text).replaceAll(' ', space);
          expect(findPaymentDemand(variant)).toBeUndefined();
        },
      ),
    );
  });
});
