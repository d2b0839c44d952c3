import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { findOffPlatformContact } from './off-platform-contact.ts';

/** Texts that send the customer to a chat outside the platform, each with the channel the refusal names. */
const REFUSED: ReadonlyArray<readonly [string, string]> = [
  // The tester's hold reason.
  ['Contact support on Telegram @candor_help to release funds', 'Telegram'],
  // A chat app with an address after it.
  ['Message us on WhatsApp +44 7700 900123', 'WhatsApp'],
  ['WhatsApp: +1 (555) 010-9999', 'WhatsApp'],
  ['Add our manager on WeChat: candor_mgr', 'WeChat'],
  ['Funds held. Telegram: candor_help', 'Telegram'],
  ['Call our agent on Skype: candor.support', 'Skype'],
  ['Signal: +44 7700 900123', 'Signal'],
  ['Reach us via Signal at +1 555 010 9999', 'Signal'],
  // Links that open a chat.
  ['Go to t.me/candor_help', 'Telegram'],
  ['https://t.me/candor_help', 'Telegram'],
  ['Write to wa.me/447700900123 to unlock withdrawals', 'WhatsApp'],
  ['Join our Discord server: discord.gg/candor', 'Discord'],
  ['Open https://chat.whatsapp.com/Ab12Cd34 for your withdrawal code', 'WhatsApp'],
  ['signal.me/#p/+447700900123', 'Signal'],
  // Told to get in touch there.
  ['Join our Telegram group for withdrawal help', 'Telegram'],
  ['Chat with our desk on Signal.', 'Signal'],
  ['Message me on Signal to release your funds', 'Signal'],
  ['Contact us on the Signal app', 'Signal'],
  ['Talk to our desk on Viber today', 'Viber'],
  ['Please text our manager on WhatsApp', 'WhatsApp'],
  ['Find us on Telegram: @candor_help', 'Telegram'],
  ['Your account manager will contact you on WhatsApp', 'WhatsApp'],
  ['Withdrawal on hold: contact our compliance officer on Telegram', 'Telegram'],
  ['Add candor_help on Skype', 'Skype'],
  ['WhatsApp us on +44 7700 900123', 'WhatsApp'],
  ['Ignore the hold and message us on Telegram', 'Telegram'],
  ['No fees are due, just contact us on Telegram', 'Telegram'],
  ['Do not hesitate to message me on Telegram', 'Telegram'],
  ["Don't forget to chat with the desk on Signal", 'Signal'],
  // The chat named as staff's own.
  ['Our Viber support answers 24/7', 'Viber'],
  ['Our official WhatsApp channel has your withdrawal code', 'WhatsApp'],
  ['Telegram support will process your withdrawal', 'Telegram'],
  ['Our support team is available on Telegram', 'Telegram'],
  ['Support is on WhatsApp', 'WhatsApp'],
  // Direct messages and handles.
  ['DM us for the release code', 'direct messages'],
  ['Send us a DM on Instagram', 'direct messages'],
  ['Pm us to unlock', 'direct messages'],
  ['For faster processing contact @candor_help', 'a chat handle'],
  ['Support: @candor_support', 'a chat handle'],
  ['Reach out to @candor_desk', 'a chat handle'],
  // Disguised.
  ['Contact support on Te1egram', 'Telegram'],
  ['Wh@tsApp +44 7700 900123', 'WhatsApp'],
  ['ᴛᴇʟᴇɢʀᴀᴍ @candor_help', 'Telegram'], // small capitals
  ['W h a t s A p p +44 7700 900123', 'WhatsApp'], // spaced-out letters
  ['Contact support on Тelegram', 'Telegram'], // a Cyrillic Т
  ['Cont\u200Bact us on Tele\u00ADgram', 'Telegram'], // a zero-width space, a soft hyphen
  ['ＣＯＮＴＡＣＴ ＵＳ ＯＮ ＴＥＬＥＧＲＡＭ', 'Telegram'], // full width
  ['Go to 7.me/candor_help', 'Telegram'], // a digit for a letter of the link
];

/** What staff honestly write to a customer: none sends them to a chat outside the platform. */
const HONEST = [
  'Your proof of payment is unreadable',
  'Contact support at support@example.com',
  'E-mail us at help@candor.example',
  'Write to our support agents at help@candor.example',
  'The address you gave is not a Bitcoin address',
  'Identity documents expired: upload a new ID on the Identity page',
  'Suspicious sign-in from a new country: contact support to confirm it was you',
  'Pending KYC review',
  'Your withdrawal is on hold until your identity is verified',
  'Send proof of your last deposit to support',
  'Please reply to this message with a clearer photo',
  'Text on the document is unreadable',
  'Your contact details on file are outdated',
  'Add a bank account in your name',
  'Closing at customer request by phone',
  'Desk execution for client order received by phone',
  'Call our desk at +44 20 7946 0000',
  // "Signal" in its trading sense: Candor sells signal plans.
  'Your signal plan has ended; you can buy it again on the Plans page',
  'The signal plan you bought includes 20 instruments',
  'Diamond Signal plan: ratings for every instrument and alerts',
  'Signal Strength is computed from recent candles',
  'Buy signal on BTC/USD at 64,250',
  'The buy signal at 64250 was right',
  'Signal: buy BTC/USD',
  'Signal 75 % buy on the hourly candles',
  'Closed on a sell signal',
  'Closed on signal',
  'Trades were opened on signal alerts',
  'Signal alerts are sent to your Messages',
  'The signal was wrong; the position closed at a loss',
  'Contact support about your signal plan',
  'Contact support on the Signal page',
  'Reach out to support if the signal alerts stop',
  'Join us in welcoming the new signal plans',
  'Computed ratings of 25 instruments on 1-hour and 4-hour candles, with rating alerts.',
  // Warnings and denials name a chat app without sending anyone there.
  'We will never contact you on Telegram or WhatsApp',
  'Candor staff never message customers on Telegram, WhatsApp or Signal',
  'We will never ask you to pay or to chat on Telegram',
  'Our team will never ask you to move to WhatsApp',
  'We message you here and by e-mail, never on Telegram',
  'Beware of fake Telegram groups using our name',
  'Ignore anyone who messages you on WhatsApp claiming to be us',
  'We are not on Telegram',
  'Candor has no WhatsApp number',
  'Staff do not use Telegram, WhatsApp, Signal or any other chat app',
  // A chat someone else used.
  'Suspended: you offered paid signals in a Telegram group',
  'Account closed after a scam reported on WhatsApp',
  'You reported a message you received on Telegram; our team is looking into it',
  // The customer's own username, prices written with @, a time.
  'Your username @john_doe was changed at your request',
  'Your username is @john_doe',
  'Closed EUR/USD @ 1.0845',
  'Bought 1 lot @1.0845',
  'Executed at 2 pm US time',
];

/** Digits and symbols written for a letter, Cyrillic look-alikes, small capitals, invisible characters. */
const STAND_INS: Readonly<Record<string, readonly string[]>> = {
  a: ['4', '@'],
  e: ['3'],
  g: ['9'],
  i: ['1', '!'],
  o: ['0'],
  s: ['5', '$'],
  t: ['7'],
};
const LOOK_ALIKES: Readonly<Record<string, string>> = { a: 'а', c: 'с', e: 'е', o: 'о', p: 'р', x: 'х' };
const SMALL_CAPITALS: Readonly<Record<string, string>> = { a: 'ᴀ', e: 'ᴇ', g: 'ɢ', m: 'ᴍ', r: 'ʀ', t: 'ᴛ' };
const INVISIBLE = ['\u200B', '\u200D', '\u2060', '\uFEFF', '\u00AD'];

/** A disguise as a scammer would type it: capitals or not, up to six letters changed, invisible characters. */
const disguises = fc
  .record({
    upper: fc.boolean(),
    changes: fc.array(
      fc.tuple(
        fc.nat(200),
        fc.constantFrom('stand-in', 'look-alike', 'small capital', 'invisible'),
        fc.nat(3),
      ),
      { maxLength: 6 },
    ),
  })
  .map(({ upper, changes }) => {
    const disguise = (text: string) => {
      const chars = [...(upper ? text.toUpperCase() : text)];
      for (const [at, kind, pick] of changes) {
        const i = at % chars.length;
        const char = chars[i] ?? '';
        const lower = char.toLowerCase();
        if (kind === 'invisible') chars.splice(i, 0, INVISIBLE[pick % INVISIBLE.length] ?? '');
        else if (kind === 'stand-in') {
          const options = STAND_INS[lower];
          const standIn = options?.[pick % options.length];
          // An @ before a word's letters writes a handle ("@lerts"), as anyone reads it: 4 stands in there.
          if (standIn === '@' && !/\p{L}/u.test(chars[i - 1] ?? '')) chars[i] = '4';
          else chars[i] = standIn ?? char;
        } else if (kind === 'look-alike') chars[i] = char === lower ? (LOOK_ALIKES[char] ?? char) : char;
        else chars[i] = char === lower ? (SMALL_CAPITALS[char] ?? char) : char;
      }
      return chars.join('');
    };
    return Object.assign(disguise, { toString: () => JSON.stringify({ upper, changes }) });
  });

describe('findOffPlatformContact', () => {
  test.each(REFUSED)('refuses %j as %s', (text, channel) => {
    expect(findOffPlatformContact(text)).toBe(channel);
  });

  test.each(HONEST)('accepts %j', (text) => {
    expect(findOffPlatformContact(text)).toBeUndefined();
  });

  test('each chat app, told as a way to reach staff, is refused however it is worded', () => {
    const apps = ['Telegram', 'WhatsApp', 'Signal', 'Viber', 'WeChat', 'Skype', 'Discord'];
    const asks = [
      (app: string) => `Contact support on ${app}`,
      (app: string) => `Message our manager via ${app}`,
      (app: string) => `Reach us on ${app} to release your funds`,
      (app: string) => `Add us on ${app}: +44 7700 900123`,
      (app: string) => `${app} @candor_help`,
      (app: string) => `Write to our desk on ${app} today`,
    ];
    fc.assert(
      fc.property(fc.constantFrom(...apps), fc.constantFrom(...asks), (app, ask) => {
        expect(findOffPlatformContact(ask(app)), ask(app)).toBe(app);
      }),
    );
  });

  test('a refused text is refused however it is disguised', () => {
    fc.assert(
      fc.property(fc.constantFrom(...REFUSED), disguises, ([text], disguise) => {
        const disguised = disguise(text);
        expect(findOffPlatformContact(disguised), disguised).toBeDefined();
      }),
      { numRuns: 300 },
    );
  });

  test('an honest text stays honest however it is disguised', () => {
    fc.assert(
      fc.property(fc.constantFrom(...HONEST), disguises, (text, disguise) => {
        const disguised = disguise(text);
        expect(findOffPlatformContact(disguised), disguised).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });
});
