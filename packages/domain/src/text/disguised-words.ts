/*
 * Words written with digits and symbols for letters ("p4y", "f33", "d3posit", "w1thdraw", "$end"),
 * read back as the word they spell. Only a word a screen reads is read back: a token is replaced
 * when it mixes letters with stand-in digits or symbols and what it spells is one of the screen's
 * words (or one with an ending: "w1thdr4wals"). Everything else stays as typed, so amounts
 * ("$1,000"), dates, "2FA", tickers ("BTC/USD", "US30"), addresses and ids are never rewritten.
 */

/** What a digit or symbol stands for when it is written for a letter (1, ! and | for i or l). */
const STAND_INS: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '!': 'i',
  '|': 'i',
  '3': 'e',
  '€': 'e',
  '4': 'a',
  '@': 'a',
  '5': 's',
  $: 's',
  '7': 't',
  '+': 't',
  '8': 'b',
  '9': 'g',
};

/** Endings a screened word or stem may carry ("fees", "withdrawals", "paying", "releas" + "e"). */
const ENDINGS = [
  '',
  'e',
  's',
  'es',
  'd',
  'ed',
  'ing',
  'al',
  'als',
  'ment',
  'ments',
  'er',
  'ers',
  'n',
  'en',
  'y',
  'ies',
];

/**
 * The symbols of STAND_INS ("$€@|!+"), as the inside of a regular expression's character class (none
 * needs escaping there); with `\d`, every character that may stand for a letter.
 */
export const STAND_IN_SYMBOLS = Object.keys(STAND_INS)
  .filter((char) => !/\d/.test(char))
  .join('');
const S = STAND_IN_SYMBOLS;

/** A token of letters and stand-ins, with at least one of each, and what may wrap it. */
const TOKEN = new RegExp(
  String.raw`(?<![\p{L}\p{N}${S}])([("'[]*)([\p{L}\d${S}]+?)([)"'\].,;:!?]*)(?=[\s/-]|$)`,
  'gu',
);
const HAS_STAND_IN = new RegExp(String.raw`[\d${S}]`, 'u');
const HAS_LETTER = /\p{L}/u;

/**
 * A word's skeleton: each stand-in read as its letter, and l read as i (1 and | stand for either),
 * so "w1thdraw", "withdraw" and "wlthdraw" have the same.
 */
function skeletonOf(word: string): string {
  return [...word].map((char) => (char === 'l' ? 'i' : (STAND_INS[char] ?? char))).join('');
}

/** The words a screen reads, ready to recognise behind stand-ins. */
export type ScreenedWords = {
  readonly bySkeleton: ReadonlyMap<string, string>;
  /** Words that end compounds ("gebuhr" in "freigabegebuhr"), by skeleton. */
  readonly tails: ReadonlyArray<readonly [skeleton: string, word: string]>;
};

/**
 * Prepares the words a screen reads (lower case, letters only), each with its endings, and the
 * words that may end a compound ("Freigabegebühr" is read as a word ending in "gebuhr").
 */
export function prepareScreenedWords(words: readonly string[], tails: readonly string[] = []): ScreenedWords {
  const bySkeleton = new Map<string, string>();
  for (const word of words) {
    if (!/^\p{L}{2,}$/u.test(word)) continue;
    for (const ending of ENDINGS) {
      const form = word + ending;
      const skeleton = skeletonOf(form);
      if (!bySkeleton.has(skeleton)) bySkeleton.set(skeleton, form);
    }
  }
  // A word spelt right wins over an inflected form of another with the same skeleton.
  for (const word of words) if (/^\p{L}{2,}$/u.test(word)) bySkeleton.set(skeletonOf(word), word);
  return { bySkeleton, tails: tails.map((tail) => [skeletonOf(tail), tail] as const) };
}

/** `text` with every digit or symbol read as the letter it stands for ("p4y" → "pay"). */
export function readStandIns(text: string): string {
  return [...text].map((char) => STAND_INS[char] ?? char).join('');
}

/** A symbol written for a letter inside a word ("zahlung$nachweis", "compl!ance"). */
const SYMBOL_IN_WORD = new RegExp(String.raw`(?<=\p{L})[${S}](?=\p{L})`, 'gu');

/** A compound ending in a screened word: its head's stand-ins read as letters, then the word. */
function readCompound(core: string, words: ScreenedWords): string | undefined {
  const skeleton = skeletonOf(core);
  const found = words.tails.find(([tail]) => skeleton.length > tail.length && skeleton.endsWith(tail));
  if (!found) return undefined;
  const head = [...core].slice(0, [...core].length - found[0].length);
  return readStandIns(head.join('')) + found[1];
}

/**
 * `text` (folded: lower case, look-alikes read as Latin) with every token that spells one of
 * `words` through stand-ins written as that word: "p4y the f33 to w1thdraw" → "pay the fee to
 * withdraw", "$end 0.01 btc" → "send 0.01 btc". Tokens without a letter ("$1,000") or without a
 * stand-in ("2fa" has none: 2 stands for no letter), and tokens that spell no screened word
 * ("us30", "bc1q…"), stay as they are, but for a symbol between two letters, read as its letter.
 */
export function readDisguisedWords(text: string, words: ScreenedWords): string {
  return text.replace(TOKEN, (token, before: string, core: string, after: string) => {
    if (!HAS_STAND_IN.test(core) || !HAS_LETTER.test(core)) return token;
    const whole = words.bySkeleton.get(skeletonOf(core + after));
    if (whole !== undefined) return before + whole;
    const word = words.bySkeleton.get(skeletonOf(core)) ?? readCompound(core, words);
    if (word !== undefined) return before + word + after;
    // A word no screen reads still reads as one word, not as two at the symbol: "zahlungsnachweis"
    // (proof of payment) is not "zahlung" (payment) and "nachweis".
    return before + core.replace(SYMBOL_IN_WORD, readStandIns) + after;
  });
}
