import { describe, expect, test } from 'vitest';
import { prepareScreenedWords } from './disguised-words.ts';
import { findSpacedOutLetters, normaliseForScreening } from './screening-text.ts';

describe('normaliseForScreening', () => {
  test.each([
    ['Guаranteed', 'guaranteed'], // Cyrillic а
    ['G\u200Buaranteed', 'guaranteed'], // zero-width space
    ['\uFEFFRisk\u00ADfree\u200E', 'riskfree'], // byte-order mark, soft hyphen, direction mark
    ['ＦＲＥＥ ｆｅｅ', 'free fee'], // full-width letters
    ['ΗΕΑΡ', 'heap'], // Greek capitals read as Latin ones, H not n
    ['Саѕһ Рау', 'cash pay'], // Cyrillic capitals and small letters
    ['Déjà vu', 'deja vu'], // accents dropped
    ['ﬁne', 'fine'], // a ligature
    ['can’t  \n\t lose', "can't lose"], // typographic apostrophe, white space collapsed
    ['  Trim me  ', 'trim me'],
    ['P a y  t h e  f e e', 'pay the fee'], // spaced-out letters, words apart by a wider gap
    ['S e n d   0.01 BTC', 'send 0.01 btc'],
    ['f r e e', 'free'], // every gap alike: one word
    ['Plan A or B', 'plan a or b'], // letters that stand alone in a sentence stay apart
    ['P 4 y  t h 3  f e e', 'p4y th3 fee'], // digits written for letters among spaced-out letters
    ['Send 5 B T C', 'send 5 btc'], // a run begins and ends with a letter: 5 stays an amount
    ['Steps 1 2 3, a $ 5 fee', 'steps 1 2 3, a $ 5 fee'], // digits and amounts are no run
  ])('reads %j as %j', (text, normalised) => {
    expect(normaliseForScreening(text)).toBe(normalised);
  });
});

describe('findSpacedOutLetters', () => {
  test('each run of spaced-out letters, its letters run together', () => {
    expect(findSpacedOutLetters('Note: P a y  t h e  f e e, then w a i t')).toEqual(['paythefee', 'wait']);
  });

  test('digits and symbols among spaced-out letters read as the letters they stand for', () => {
    expect(findSpacedOutLetters('P 4 y  t h 3  f 3 e')).toEqual(['paythefee']);
  });

  test('no run in ordinary text', () => {
    expect(findSpacedOutLetters('Plan A or B, a valid ID')).toEqual([]);
  });
});

describe('normaliseForScreening with the words a screen reads', () => {
  test('reads digits and symbols written for letters only in those words', () => {
    const words = prepareScreenedWords(['pay', 'fee']);
    expect(normaliseForScreening('P4Y the F33 by 2FA, $1,000', words)).toBe('pay the fee by 2fa, $1,000');
  });

  test('reads a spaced-out word written with digits for letters', () => {
    const words = prepareScreenedWords(['pay', 'fee']);
    expect(normaliseForScreening('P 4 y  t h e  f 3 e', words)).toBe('pay the fee');
  });

  test('drops blank letters and reads small capitals', () => {
    expect(normaliseForScreening('ᴘ\u3164ᴀʏ')).toBe('pay');
    // ʀ in capitals is Ʀ, which compatibility normalisation keeps.
    expect(normaliseForScreening('ᴛᴇʟᴇɢʀᴀᴍ'.toUpperCase())).toBe('telegram');
  });
});
