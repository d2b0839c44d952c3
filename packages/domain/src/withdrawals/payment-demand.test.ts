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
