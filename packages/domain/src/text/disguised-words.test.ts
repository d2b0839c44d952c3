import { describe, expect, test } from 'vitest';
import { prepareScreenedWords, readDisguisedWords } from './disguised-words.ts';

const WORDS = prepareScreenedWords(
  ['pay', 'fee', 'send', 'deposit', 'withdraw', 'release', 'to'],
  ['gebuhr'],
);

describe('readDisguisedWords', () => {
  test.each([
    ['p4y the f33 to w1thdraw', 'pay the fee to withdraw'],
    ['$end 0.01 btc', 'send 0.01 btc'],
    ['d3posit $500', 'deposit $500'],
    ['w1thdr@wals', 'withdrawals'], // with an ending
    ['re1ease', 'release'],
    ['(p4y), f33!', '(pay), fee!'], // punctuation around a word stays
    ['freigabe9ebuhr', 'freigabegebuhr'], // a compound ending in a screened word
    ['zahlung$nachweis', 'zahlungsnachweis'], // a symbol inside a word no screen reads: still one word
    ['compl!ance charge', 'compliance charge'],
  ])('reads %j as %j', (text, read) => {
    expect(readDisguisedWords(text, WORDS)).toBe(read);
  });

  test.each([
    '$1,000 on 2024-05-01',
    'enable 2fa',
    'btc/usd and us30',
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    'order 5e7f8a91, ticket #a1b2-c3d4',
    '0x7a3f9c',
    't0ken', // a disguise of a word no screen reads
    'the fee!', // a symbol after a word
  ])('leaves %j as it is', (text) => {
    expect(readDisguisedWords(text, WORDS)).toBe(text);
  });
});
