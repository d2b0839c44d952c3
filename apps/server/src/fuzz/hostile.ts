import fc from 'fast-check';

/** Strings that have broken parsers, databases and loggers before. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u202Eevil\u202C',
  '\u200F\u200E\u200B',
  '\uFEFF',
  '\uD800',
  'x\uDC00y',
  '\uD83D',
  '😀👩‍👩‍👧‍👦🏳️‍🌈',
  'Z̴̡̛̙a̷l̸g̶o̵',
  '\r\n\r\nX-Injected: 1',
  "'; drop table users; --",
  '" or 1=1 --',
  '%',
  '%00',
  '%zz',
  '%E0%A4%A',
  '\\',
  '../../../../etc/passwd',
  '..%2F..%2F..%2Fetc%2Fpasswd',
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, sent as it is
  '{{7*7}}${7*7}',
  '__proto__',
  'constructor',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '-1e309',
  '18446744073709551616',
  '-9223372036854775809',
  '0x10',
  '1_000',
  '１２３',
  '٣',
  '0.0000000000000000000000001',
  '1.',
  '.5',
  '+1',
  '1e3',
  ' 12 ',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
] as const;

/** Numbers at and past the edges of what JSON, doubles, bigints and PostgreSQL hold. */
const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  0.1,
  1e-7,
  2 ** 31,
  2 ** 53,
  2 ** 53 + 2,
  2 ** 63,
  2 ** 64,
  -(2 ** 63),
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e308,
] as const;

/** A string from a parser's nightmares: a known one, a long one, or random text of any Unicode. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('a', '9', '😀', '\u0000', '%', ' '), fc.constantFrom(256, 5_000, 100_000))
      .map(([unit, times]) => unit.repeat(times)),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 40 }) },
);

/** A JSON number at an edge (JSON.stringify writes -0 as 0; `hostileJsonText` sends the rest). */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(...NASTY_NUMBERS),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** An array or object nested far deeper than any request needs. */
export const deeplyNested: fc.Arbitrary<unknown> = fc
  .tuple(fc.constantFrom(64, 1_000), fc.boolean())
  .map(([depth, asArray]) => {
    let value: unknown = 1;
    for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value };
    return value;
  });

/** Any value of the wrong kind for a field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 3, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  {
    weight: 1,
    arbitrary: fc.constant(JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":1}}')),
  },
  { weight: 1, arbitrary: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 })) },
  { weight: 1, arbitrary: deeplyNested },
  { weight: 1, arbitrary: fc.array(fc.constant('x'), { minLength: 10_000, maxLength: 10_000 }) },
);

/** Extra keys nobody asked for: some are names that objects in JavaScript already have. */
export const extraKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'role', 'status', 'userId', 'id', ''),
  fc.string({ maxLength: 12 }),
);

/**
 * A body made wrong on purpose from a valid one: a field of the wrong kind, a field missing,
 * extra fields, or the value of one field nested in itself.
 */
export function mutatedBody(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(valid, fc.nat(), hostileValue, extraKey, fc.constantFrom('replace', 'drop', 'extra', 'wrap'))
    .map(([body, index, value, key, how]) => {
      if (!body || typeof body !== 'object' || Array.isArray(body)) return value;
      const copy: Record<string, unknown> = { ...(body as Record<string, unknown>) };
      const keys = Object.keys(copy);
      const target = keys.length > 0 ? keys[index % keys.length] : undefined;
      if (how === 'replace' && target !== undefined) copy[target] = value;
      else if (how === 'drop' && target !== undefined) delete copy[target];
      else if (how === 'wrap' && target !== undefined) copy[target] = { value: copy[target] };
      else Object.defineProperty(copy, key, { value, enumerable: true, writable: true, configurable: true });
      return copy;
    });
}

/** Text that claims to be JSON and is not, or that JSON.stringify would never write. */
export const hostileJsonText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    '{"a":1,}',
    "{'a':1}",
    '[1,2',
    'nul',
    'undefined',
    '\u0000',
    '{"amount":1e309}',
    '{"amount":-0}',
    '{"amount":NaN}',
    '{"amount":Infinity}',
    '{"amount":18446744073709551616}',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"isAdmin":true}}}',
    '{"a":1,"a":2}',
    '\uFEFF{}',
    '"just a string"',
    '12',
    'true',
    'null',
    '[]',
  ),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.constantFrom(200_000, 1_100_000).map((n) => `{"a":"${'x'.repeat(n)}"}`),
  fc.constantFrom(10_000, 100_000).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
);

/** The text with each lone surrogate (which UTF-8 cannot carry) replaced by U+FFFD. */
export function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}
