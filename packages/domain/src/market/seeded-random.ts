/**
 * Counter-based seeded randomness for the simulated market: a stream is named by a few integers
 * (seed, symbol, level, index), hashed murmur3-style into a key that seeds a small sfc32
 * generator. Any stream can be produced on its own, in any order: no global state, no clock.
 */

const TWO_POW_32 = 4_294_967_296;

/** murmur3's finaliser: every input bit affects every output bit. */
export function mixBits32(value: number): number {
  let h = value >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function absorbWord(hash: number, word: number): number {
  let k = Math.imul(word >>> 0, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  const h = hash ^ k;
  return (Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64) | 0;
}

const HASH_START = 0x2545f491;

/** murmur3 (32-bit) over a list of 32-bit words: numbers are taken modulo 2^32. */
export function hashWords(words: readonly number[]): number {
  let h = HASH_START;
  for (const word of words) h = absorbWord(h, word);
  return mixBits32(h ^ (words.length * 4));
}

/**
 * hashWords([key, level, ...integerWords(index)]) without allocating: the key of one stream of
 * draws, e.g. (path, "minutes of an hour", hour number).
 */
export function hashCounter(key: number, level: number, index: number): number {
  const whole = Math.trunc(index);
  const high = Math.floor(whole / TWO_POW_32);
  let h = absorbWord(HASH_START, key);
  h = absorbWord(h, level);
  h = absorbWord(h, whole - high * TWO_POW_32);
  h = absorbWord(h, high);
  return mixBits32(h ^ 16);
}

/** A string as one 32-bit hash (its UTF-16 code units are the words). */
export function hashString(text: string): number {
  const words: number[] = [];
  for (let i = 0; i < text.length; i++) words.push(text.charCodeAt(i));
  return hashWords(words);
}

/** A safe integer as its low and high 32-bit words, so negative and large counters hash apart. */
export function integerWords(value: number): [number, number] {
  const whole = Math.trunc(value);
  const high = Math.floor(whole / TWO_POW_32);
  return [(whole - high * TWO_POW_32) >>> 0, high >>> 0];
}

/**
 * Standard normal numbers (mean 0, variance 1) from an sfc32 generator seeded by `key`, by the
 * Box–Muller transform (both of its outputs are used).
 */
export function createNormalSource(key: number): () => number {
  let a = key >>> 0;
  let b = mixBits32(key ^ 0x9e3779b9);
  let c = mixBits32(key + 0x7f4a7c15);
  let counter = 1;
  const nextUint32 = (): number => {
    const t = (((a + b) | 0) + counter) | 0;
    counter = (counter + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) nextUint32();

  let spare: number | undefined;
  return () => {
    if (spare !== undefined) {
      const value = spare;
      spare = undefined;
      return value;
    }
    const u1 = (nextUint32() + 0.5) / TWO_POW_32; // in (0, 1): the logarithm stays finite
    const u2 = nextUint32() / TWO_POW_32;
    const radius = Math.sqrt(-2 * Math.log(u1));
    const angle = 2 * Math.PI * u2;
    spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  };
}

/** One standard normal number straight from a 32-bit key (Box–Muller over two hashes of it). */
export function normalFromKey(key: number): number {
  const u1 = (mixBits32(key ^ 0x68e31da4) + 0.5) / TWO_POW_32;
  const u2 = mixBits32(key + 0xb5297a4d) / TWO_POW_32;
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}
