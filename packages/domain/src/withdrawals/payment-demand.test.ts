import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { findPaymentDemand } from './payment-demand.ts';
import { PAYMENT_DEMAND_LANGUAGES } from './payment-demand-languages.ts';

/** Digits and symbols written for a letter ("p4y", "f33", "$end"). */
const STAND_INS: Readonly<Record<string, readonly string[]>> = {
  a: ['4', '@'],
  b: ['8'],
  e: ['3', '€'],
  g: ['9'],
  i: ['1', '!', '|'],
  l: ['1', '|'],
  o: ['0'],
  s: ['5', '$'],
  t: ['7', '+'],
};
/** Cyrillic and Greek letters that look like a Latin one, small and capital. */
const LOOK_ALIKES: Readonly<Record<string, readonly string[]>> = {
  a: ['а', 'α'],
  c: ['с'],
  d: ['ԁ'],
  e: ['е'],
  h: ['һ'],
  i: ['і', 'ι'],
  j: ['ј'],
  k: ['κ'],
  o: ['о', 'ο'],
  p: ['р', 'ρ'],
  s: ['ѕ'],
  t: ['τ'],
  u: ['υ'],
  v: ['ν'],
  w: ['ԝ'],
  x: ['х', 'χ'],
  y: ['у'],
  A: ['А', 'Α'],
  B: ['В', 'Β'],
  C: ['С'],
  E: ['Е', 'Ε'],
  H: ['Н', 'Η'],
  I: ['І', 'Ι'],
  K: ['К', 'Κ'],
  M: ['М', 'Μ'],
  O: ['О', 'Ο'],
  P: ['Р', 'Ρ'],
  T: ['Т', 'Τ'],
  X: ['Х', 'Χ'],
  Y: ['У', 'Υ'],
};
const SMALL_CAPITALS: Readonly<Record<string, string>> = {
  a: 'ᴀ',
  c: 'ᴄ',
  d: 'ᴅ',
  e: 'ᴇ',
  f: 'ꜰ',
  h: 'ʜ',
  i: 'ɪ',
  l: 'ʟ',
  n: 'ɴ',
  o: 'ᴏ',
  p: 'ᴘ',
  r: 'ʀ',
  t: 'ᴛ',
  u: 'ᴜ',
  w: 'ᴡ',
  y: 'ʏ',
};
const INVISIBLE = ['\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF', '\u00AD', '\u3164'];

/** Full-width forms of ASCII ("ＰＡＹ　ＴＨＥ　ＦＥＥ"). */
const toFullWidth = (text: string) =>
  [...text]
    .map((char) => {
      const code = char.charCodeAt(0);
      if (char === ' ') return '\u3000';
      return code >= 0x21 && code <= 0x7e ? String.fromCharCode(code + 0xfee0) : char;
    })
    .join('');

/**
 * A disguise of a text as a scammer would type it: in capitals or not; up to six letters written as
 * digits or symbols, as Cyrillic or Greek look-alikes or as small capitals; invisible characters
 * inserted; the whole in full width or not.
 */
const disguises = fc
  .record({
    upper: fc.boolean(),
    fullWidth: fc.boolean(),
    changes: fc.array(
      fc.tuple(
        fc.nat(200),
        fc.constantFrom('stand-in', 'look-alike', 'small capital', 'invisible'),
        fc.nat(3),
      ),
      {
        maxLength: 6,
      },
    ),
  })
  .map(({ upper, fullWidth, changes }) => {
    const disguise = (text: string) => {
      const chars = [...(upper ? text.toUpperCase() : text)];
      for (const [at, kind, pick] of changes) {
        const i = at % chars.length;
        const char = chars[i] ?? '';
        const choose = (options: readonly string[] | undefined) => options?.[pick % options.length];
        if (kind === 'invisible') chars.splice(i, 0, choose(INVISIBLE) ?? '');
        else if (kind === 'stand-in') chars[i] = choose(STAND_INS[char.toLowerCase()]) ?? char;
        else if (kind === 'look-alike') chars[i] = choose(LOOK_ALIKES[char]) ?? char;
        else chars[i] = SMALL_CAPITALS[char] ?? char;
      }
      const disguised = chars.join('');
      return fullWidth ? toFullWidth(disguised) : disguised;
    };
    return Object.assign(disguise, { toString: () => JSON.stringify({ upper, fullWidth, changes }) });
  });

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
  // Amounts, dates, codes, tickers, addresses and ids: digits and symbols that are not disguised letters.
  'Withdrawal of $1,000 approved on 2024-05-01',
  'Enable 2FA before withdrawing: Settings > Security',
  "Closed BTC/USD at 64,250.10 on the customer's request",
  'US30 position closed at market: margin level below 50 percent',
  'Withdrawals to bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq are paid within 24 hours',
  'Ticket #A1B2-C3D4: deposit 0x7a3f9c received, credited 2024-06-30',
  'The 4h candle closed above $62,500',
  'Order ID 5e7f8a91 executed at 1.0845',
  'Withdrawal fee of 2% (min $5) is deducted from the amount',
  'Your deposit of €200 was credited on 03/04/2025',
  'Leverage 1:100 applies to XAU/USD and US30',
  // A hold that waits for something other than a payment (implied conditions).
  'Your withdrawal is on hold until your identity is verified',
  'Fees are listed on the plans page',
  'Your withdrawal is on hold until we receive your new ID document',
  'Withdrawals resume once the bank confirms the transfer',
  'The withdrawal fee is shown before you confirm and is deducted from the amount',
  'Funds are released once the review is complete',
  'Your withdrawal stays pending until the network fee estimate is updated',
  'Funds stay on hold until the chargeback on your card is resolved',
];

/** What staff must not write: each text with the label of its refusal. */
const REFUSED: ReadonlyArray<readonly [string, string]> = [
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
  // Digits and symbols for letters, look-alikes, small capitals (docs/decisions/050, 2026-11-29).
  ['p4y the f33 to w1thdraw', 'a payment'],
  ['P@y a $200 f33 to unl0ck withdrawals', 'a payment'],
  ['$end 0.01 BTC to release your funds', 'a payment'],
  ['d3posit $500 to unlock', 'a payment'],
  ['5end 0.01 8TC to re1ease y0ur fund5', 'a payment'],
  ['A f3e of $300 is r3quired', 'a fee due'],
  ['Withdr4wals are l0cked unt1l you d3p0sit $500', 'a payment'],
  ['Раy the fee to withdraw', 'a payment'], // Cyrillic Р
  ['ᴘᴀʏ ᴛʜᴇ ꜰᴇᴇ ᴛᴏ ᴡɪᴛʜᴅʀᴀᴡ', 'a payment'], // small capitals
  ['P\u3164ay the fee to withdraw', 'a payment'], // a blank Hangul filler
  // Implied conditions: the money is kept until a cost arrives.
  ['Your withdrawal stays on hold until the clearance charge is settled', 'a release fee'],
  ['Funds are released once the release fee of $300 is received', 'a release fee'],
  ['Your withdrawal stays on hold until the service charge is settled', 'a required payment'],
  ['Funds are released once the fee of $300 is received', 'a required payment'],
  ['Your withdrawal remains on hold until we receive the processing fee', 'a required payment'],
  ['Your funds are released as soon as we receive the handling fee', 'a required payment'],
  ['Once we receive $300 your withdrawal will be released', 'a required payment'],
  ['Withdrawals stay frozen pending payment of the tax', 'a required payment'],
  ['Funds are released on payment of the fee', 'a required payment'],
  ['Your withdrawal is on hold pending a compliance charge of $150', 'a fee due'],
  ['Withdrawal on hold: compliance charge of $150', 'a fee due'],
  ['Your funds will be released when the fee arrives', 'a required payment'],
  ['Your account stays locked until a deposit of $500 arrives', 'a required payment'],
  ['Withdrawal hold lifted once the fee clears', 'a required payment'],
  ['Hold until fee paid', 'a required payment'],
  ['The withdrawal remains blocked until the outstanding balance of $250 is cleared', 'a required payment'],
];

describe('findPaymentDemand', () => {
  test.each(REFUSED)('refuses %j as %s', (text, label) => {
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

  test('a ! or ? written for a letter of a word no screen reads does not cut the demand in two', () => {
    expect(findPaymentDemand('Withdrawal on hold: compl!ance charge of $150')).toBe('a fee due');
    expect(findPaymentDemand('Withdrawal on hold: compl?ance charge of $150')).toBe('a fee due');
    expect(findPaymentDemand('Withdrawal on hold! Compliance review of 2 days')).toBeUndefined();
  });

  test('a symbol written for a letter of an honest word does not make it a demand', () => {
    expect(findPaymentDemand('Zahlung$nachweis erforderlich, um die Auszahlung freizugeben')).toBeUndefined();
  });

  test('a demand spelt out with digits for some letters is still refused', () => {
    expect(findPaymentDemand('\u200BP 4 y  t h e  f 3 e')).toBe('a payment');
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

  test('a refused text is refused however it is disguised: digits and symbols for letters, look-alikes, invisible characters, full width', () => {
    fc.assert(
      fc.property(fc.constantFrom(...REFUSED), disguises, ([text], disguise) => {
        const disguised = disguise(text);
        expect(findPaymentDemand(disguised), disguised).toBeDefined();
      }),
      { numRuns: 300 },
    );
  });

  test('an honest text stays honest however it is disguised', () => {
    fc.assert(
      fc.property(fc.constantFrom(...HONEST_REASONS, ...HONEST_ELSEWHERE), disguises, (text, disguise) => {
        const disguised = disguise(text);
        expect(findPaymentDemand(disguised), disguised).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });
});

/** Per language of the table: demands (each refused) and honest texts staff write (each accepted). */
const IN_OTHER_LANGUAGES: Readonly<Record<string, { refused: string[]; honest: string[] }>> = {
  Spanish: {
    refused: [
      'Pague una tasa de 200 USD antes de retirar',
      'Deposite 500 USD para desbloquear su retiro',
      'Su retiro permanece retenido hasta que se pague el cargo de liberación',
      'Se requiere un depósito de 300 USD para liberar sus fondos',
      'Envíe 0,01 BTC para liberar su retiro',
      'Debe pagar un impuesto del 10 % antes de retirar',
    ],
    honest: [
      'Su retiro está en revisión hasta que se verifique su identidad',
      'Las comisiones se muestran en la página de planes',
      'La comisión de retiro del 2 % se descuenta del importe; nunca paga nada para retirar',
      'Su depósito de 500 USD está en revisión',
      'No se requiere ningún pago para retirar',
      'Su retiro se liberará después de que su depósito sea confirmado',
      'Comprobante de pago requerido: súbalo en la página de identidad',
      'Depósito pendiente de confirmación',
    ],
  },
  Portuguese: {
    refused: [
      'Pague uma taxa de 200 USD para liberar o seu saque',
      'É necessário um depósito de 500 USD antes de sacar',
      'Seu saque fica retido até que a taxa seja paga',
      'Envie 0,01 BTC para desbloquear sua conta',
      'Deposite 300 reais para liberar o saque',
    ],
    honest: [
      'Seu saque está em análise até que sua identidade seja verificada',
      'As taxas estão listadas na página de planos',
      'Nenhuma taxa é cobrada para sacar',
      'Seu saque será liberado após a confirmação do seu depósito',
      'Comprovante de pagamento necessário para liberar o saque',
    ],
  },
  French: {
    refused: [
      'Payez des frais de 200 USD pour débloquer votre retrait',
      'Un dépôt de 500 USD est requis avant tout retrait',
      "Votre retrait reste bloqué jusqu'à ce que la taxe soit payée",
      'Envoyez 0,01 BTC afin de libérer vos fonds',
      'Une taxe de 15 % doit être payée avant le retrait',
    ],
    honest: [
      "Votre retrait est en attente jusqu'à la vérification de votre identité",
      'Les frais sont indiqués sur la page des offres',
      "Aucun frais n'est demandé pour retirer",
      'Les frais de retrait (2 %) sont déduits du montant',
      "Vous n'avez rien à payer pour retirer",
      'Justificatif de paiement requis pour débloquer le retrait',
    ],
  },
  German: {
    refused: [
      'Zahlen Sie eine Gebühr von 200 USD, um Ihre Auszahlung freizugeben',
      'Eine Einzahlung von 500 USD ist erforderlich, bevor Sie abheben können',
      'Ihre Auszahlung bleibt gesperrt, bis die Freigabegebühr bezahlt ist',
      'Überweisen Sie 0,01 BTC, um Ihr Guthaben freizuschalten',
      'Eine Steuer von 10 % ist vor der Auszahlung fällig',
    ],
    honest: [
      'Ihre Auszahlung bleibt gesperrt, bis Ihre Identität bestätigt ist',
      'Die Gebühren stehen auf der Seite der Pläne',
      'Für eine Auszahlung fallen keine Gebühren an',
      'Ihre Auszahlung wird freigegeben, sobald Ihre Einzahlung bestätigt ist',
      'Die Gebühr zur Auszahlung beträgt 2 % und wird vom Betrag abgezogen',
      'Zahlungsnachweis erforderlich, um die Auszahlung freizugeben',
    ],
  },
};

/** Honest texts in other languages, for the disguise property. */
const HONEST_ELSEWHERE = Object.values(IN_OTHER_LANGUAGES).flatMap(({ honest }) => honest);

describe('findPaymentDemand in other languages', () => {
  test('every language of the table has examples here', () => {
    expect(Object.keys(IN_OTHER_LANGUAGES).sort()).toEqual(
      PAYMENT_DEMAND_LANGUAGES.map(({ language }) => language).sort(),
    );
  });

  const cases = Object.entries(IN_OTHER_LANGUAGES);
  test.each(cases.flatMap(([language, { refused }]) => refused.map((text) => [language, text])))(
    '%s: refuses %j',
    (_language, text) => {
      expect(findPaymentDemand(text)).toBe('a payment');
    },
  );
  test.each(cases.flatMap(([language, { honest }]) => honest.map((text) => [language, text])))(
    '%s: accepts %j',
    (_language, text) => {
      expect(findPaymentDemand(text)).toBeUndefined();
    },
  );

  test('a refused text in another language is refused however it is disguised', () => {
    const refused = Object.values(IN_OTHER_LANGUAGES).flatMap(({ refused }) => refused);
    fc.assert(
      fc.property(fc.constantFrom(...refused), disguises, (text, disguise) => {
        const disguised = disguise(text);
        expect(findPaymentDemand(disguised), disguised).toBeDefined();
      }),
      { numRuns: 150 },
    );
  });
});
