import { describe, expect, test } from 'vitest';
import { normaliseForScreening } from './screening-text.ts';

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
  ])('reads %j as %j', (text, normalised) => {
    expect(normaliseForScreening(text)).toBe(normalised);
  });
});
