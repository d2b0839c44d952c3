import {
  readDisguisedWords,
  readStandIns,
  STAND_IN_SYMBOLS as S,
  type ScreenedWords,
} from './disguised-words.ts';

/**
 * Latin look-alikes from Cyrillic and Greek (and a few other letters NFKC keeps apart), folded to
 * the Latin letter a reader sees. Upper case is folded before lower-casing, so "Η" (Greek capital
 * eta, which reads as H) does not become "η" (which reads as n).
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  // Cyrillic capitals
  А: 'A',
  В: 'B',
  Е: 'E',
  Ѕ: 'S',
  І: 'I',
  Ј: 'J',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  У: 'Y',
  Х: 'X',
  Ү: 'Y',
  Ԍ: 'G',
  Ԛ: 'Q',
  Ԝ: 'W',
  Һ: 'H',
  Ԁ: 'D',
  Ӏ: 'I',
  // Cyrillic small letters
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ј: 'j',
  һ: 'h',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ӏ: 'l',
  к: 'k',
  ү: 'y',
  ѵ: 'v',
  ԍ: 'g',
  // Greek capitals
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  // Greek small letters
  α: 'a',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ϲ: 'c',
  ϳ: 'j',
  // Latin small capitals (NFKC keeps them): "ᴘᴀʏ"
  ᴀ: 'a',
  ʙ: 'b',
  ᴄ: 'c',
  ᴅ: 'd',
  ᴇ: 'e',
  ꜰ: 'f',
  ɢ: 'g',
  ʜ: 'h',
  ɪ: 'i',
  ᴊ: 'j',
  ᴋ: 'k',
  ʟ: 'l',
  ᴍ: 'm',
  ɴ: 'n',
  ᴏ: 'o',
  ᴘ: 'p',
  ʀ: 'r',
  ꜱ: 's',
  ᴛ: 't',
  ᴜ: 'u',
  ᴠ: 'v',
  ᴡ: 'w',
  ʏ: 'y',
  ᴢ: 'z',
  // The capital of ʀ ("ᴛᴇʟᴇɢʀᴀᴍ" in capitals)
  Ʀ: 'R',
  // Other letters that read as Latin ones
  ı: 'i',
  ȷ: 'j',
  ɡ: 'g',
  ɑ: 'a',
  // Typographic apostrophes and dashes, so "can’t" reads as "can't"
  '\u2018': "'",
  '\u2019': "'",
  '\u02bc': "'",
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2212': '-',
};

const LOOK_ALIKE_PATTERN = new RegExp(`[${Object.keys(LOOK_ALIKES).join('')}]`, 'gu');

/**
 * Three or more characters standing alone, one after another, letters or digits and symbols written
 * for letters, the first and last letters: "p a y  t h e  f e e", "p 4 y". "5 b t c" is the amount
 * 5 and "btc"; "1 2 3" and "a $ 5" are no run.
 */
const SPACED_LETTERS = new RegExp(
  String.raw`(?<![\p{L}\p{N}${S}])\p{L}(?:\s+[\p{L}\d${S}](?![\p{L}\p{N}${S}]))+\s+\p{L}(?![\p{L}\p{N}${S}])`,
  'gu',
);

/** Blank letters that show nothing (Hangul fillers, the blank Braille pattern), dropped like \p{Cf}. */
const BLANK_LETTERS = /[\u115F\u1160\u3164\uFFA0\u2800]/gu;

/** The letters of `text` without their case, accents, invisible characters or look-alike disguise. */
function foldLetters(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\p{Cf}\p{Mn}]/gu, '')
    .normalize('NFKC')
    .replace(BLANK_LETTERS, '')
    .replace(LOOK_ALIKE_PATTERN, (letter) => LOOK_ALIKES[letter] ?? letter)
    .toLowerCase();
}

/**
 * A run of spaced-out letters read as words: a wider gap between two letters ends a word
 * ("p a y  t h e  f e e" → "pay the fee"); with every gap alike the run is one word ("paythefee").
 */
function joinSpacedRun(run: string): string {
  const gaps = [...run.matchAll(/\s+/gu)].map(([gap]) => gap.length);
  const narrowest = Math.min(...gaps);
  return run.replace(/\s+/gu, (gap) => (gap.length > narrowest ? ' ' : ''));
}

/**
 * A staff-written text as the screening rules read it: compatibility-normalised (NFKC's mappings:
 * full-width letters, ligatures, styled letters; accents dropped), without format characters
 * (zero-width spaces and joiners, soft hyphens, direction marks: \p{Cf}) or blank letters, with
 * Cyrillic and Greek look-alikes and small capitals folded to Latin, in lower case, spaced-out
 * letters joined into words, and with every run of white space one space. Given the words a screen
 * reads, a token spelling one of them with digits or symbols for letters is read as that word
 * ("p4y" → "pay", `readDisguisedWords`). It is for matching only; the text stored and shown is the
 * one typed.
 */
export function normaliseForScreening(text: string, words?: ScreenedWords): string {
  const joined = foldLetters(text).replace(SPACED_LETTERS, joinSpacedRun);
  const read = words === undefined ? joined : readDisguisedWords(joined, words);
  return read.replace(/\s+/gu, ' ').trim();
}

/**
 * The runs of spaced-out letters in `text`, each with its letters run together and no space, digits
 * and symbols read as the letters they stand for ("P 4 y  t h e  f e e" → "paythefee"): what a word
 * hidden by spacing spells, however it was spaced.
 */
export function findSpacedOutLetters(text: string): string[] {
  return [...foldLetters(text).matchAll(SPACED_LETTERS)].map(([run]) =>
    readStandIns(run.replace(/\s+/gu, '')),
  );
}
