/*
 * Numbers written as words ("five hundred dollars", "two hundred", "twenty-five"), read as digits so
 * a rule about amounts reads "500 dollars" either way. Only what a sum of money is spelt with:
 * units, teens, tens, hundred, thousand, million.
 */

const UNITS: Readonly<Record<string, number>> = {
  zero: 0,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
};
const SCALES: Readonly<Record<string, number>> = { hundred: 100, thousand: 1_000, million: 1_000_000 };

/** Every number word read ("five", "hundred" …). */
export const NUMBER_WORDS: readonly string[] = [...Object.keys(UNITS), ...Object.keys(SCALES)];

const WORD = `(?:${NUMBER_WORDS.join('|')})`;
/** A run of number words, joined by spaces, hyphens or "and" ("one hundred and fifty"). */
const RUN = new RegExp(`\\b${WORD}(?:(?: and |[ -])${WORD})*\\b`, 'g');

/** The value of a run of number words ("two hundred" = 200, "one thousand five hundred" = 1500). */
function sumOfRun(run: string): number {
  let total = 0;
  let current = 0;
  for (const word of run.split(/ and | |-/)) {
    const unit = UNITS[word];
    if (unit !== undefined) {
      current += unit;
    } else if (word === 'hundred') {
      current = Math.max(current, 1) * 100;
    } else {
      total += Math.max(current, 1) * (SCALES[word] ?? 1);
      current = 0;
    }
  }
  return total + current;
}

/** `text` (lower case) with every run of number words written in digits: "send five hundred" → "send 500". */
export function readNumberWords(text: string): string {
  return text.replace(RUN, (run) => String(sumOfRun(run)));
}
