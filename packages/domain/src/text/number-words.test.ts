import { describe, expect, test } from 'vitest';
import { readNumberWords } from './number-words.ts';

describe('readNumberWords', () => {
  test.each([
    ['send five hundred dollars to support', 'send 500 dollars to support'],
    ['transfer two hundred us dollars', 'transfer 200 us dollars'],
    ['one thousand five hundred usd', '1500 usd'],
    ['one hundred and fifty', '150'],
    ['twenty-five euros', '25 euros'],
    ['a hundred', 'a 100'],
    ['two million', '2000000'],
    ['someone paid nothing', 'someone paid nothing'], // number words inside other words stay
  ])('reads %j as %j', (text, read) => {
    expect(readNumberWords(text)).toBe(read);
  });
});
