import { type MoneyParseError, parseMinorUnits, withoutThousandsCommas } from '@candor/domain/money/money';
import { z } from 'zod';

/** The largest single amount any money form accepts: $1,000,000,000.00. */
export const MAX_AMOUNT_MINOR = 100_000_000_000n;
/** MAX_AMOUNT_MINOR as people read it, in the messages that refuse a larger amount. */
export const MAX_AMOUNT_TEXT = '$1,000,000,000.00';
/** What a money form's amount above MAX_AMOUNT_MINOR is told. */
export const AMOUNT_TOO_LARGE_MESSAGE = `The amount can be at most ${MAX_AMOUNT_TEXT}`;

/** What a request's dollar amount that is not written with two decimals is told (not the pattern). */
export const DECIMAL_AMOUNT_MESSAGE = 'Enter an amount with two decimals, such as 1000.00';

/**
 * What an amount sent as anything but text is told (a JSON number: `{"amount": 100}`): the wire
 * writes amounts as decimal strings, so that no floating point touches money (PRODUCT.md §1.6).
 */
export const AMOUNT_AS_TEXT_MESSAGE = 'Write the amount as text, such as "100.00"';

/**
 * The `error` of a decimal's `z.string()`: `required` when it is missing (or null), `asText` when it
 * is there but not text (a JSON number).
 */
export function textTypeError(required: string, asText: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null ? required : asText;
}

/**
 * The `error` of an amount's `z.string()`: `required` when the amount is missing (or null),
 * AMOUNT_AS_TEXT_MESSAGE when it is there but not text.
 */
export function amountTypeError(required: string) {
  return textTypeError(required, AMOUNT_AS_TEXT_MESSAGE);
}

/** Dollars written as the wire carries them: two decimals, a minus sign where signed ("-1234.50"). */
export const DECIMAL_AMOUNT_PATTERN = /^-?\d+\.\d{2}$/;

/** A decimal string of dollars on the wire ("1234.50"); negative for outgoing amounts where signed. */
export const DecimalAmountSchema = z.string().regex(DECIMAL_AMOUNT_PATTERN, DECIMAL_AMOUNT_MESSAGE);

/**
 * What a person typed in a field that sends a `DecimalAmountSchema` amount, written as the wire
 * wants it: "1000", "1,000" and "1000.5" become "1000.00", "1000.00" and "1000.50". Anything else is
 * left as typed, for the schema to say what is wrong.
 */
export function asDecimalAmount(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const match = /^(-?\d+)(?:\.(\d{1,2}))?$/.exec(withoutThousandsCommas(value));
  if (!match) return value;
  return `${match[1]}.${(match[2] ?? '').padEnd(2, '0')}`;
}

/** What an amount a person typed is told when it cannot be read: "-5" is a number, but not an amount. */
const AMOUNT_PARSE_MESSAGES = {
  INVALID_AMOUNT: 'Enter an amount such as 100.00',
  TOO_MANY_DECIMALS: 'Amounts have at most 2 decimals',
  NEGATIVE_AMOUNT: 'The amount must be greater than zero',
} as const satisfies Record<MoneyParseError, string>;

/**
 * A positive dollar amount typed by a person ("100", "100.5", "1,000.25" grouped as the site shows
 * amounts, passed on as "1000.25"), at most two decimals. `required` is the form's own message for
 * an empty field (seed §5: "Input an amount", "Please enter an amount").
 */
export function usdAmountSchema(required: string) {
  return z
    .string({ error: amountTypeError(required) })
    .trim()
    .overwrite(withoutThousandsCommas)
    .min(1, required)
    .superRefine((text, ctx) => {
      const parsed = parseMinorUnits(text);
      if (!parsed.ok) {
        ctx.addIssue({ code: 'custom', message: AMOUNT_PARSE_MESSAGES[parsed.error] });
      } else if (parsed.value === 0n) {
        ctx.addIssue({ code: 'custom', message: 'The amount must be greater than zero' });
      } else if (parsed.value > MAX_AMOUNT_MINOR) {
        ctx.addIssue({ code: 'custom', message: AMOUNT_TOO_LARGE_MESSAGE });
      }
    });
}

/** Parses an amount that `usdAmountSchema` accepted into cents. */
export function toMinorUnits(text: string): bigint {
  const parsed = parseMinorUnits(text);
  if (!parsed.ok) throw new Error(`not an amount: ${text}`);
  return parsed.value;
}

/** A page number in a list's query string. */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});

/** A list page in the shape every paginated response uses. */
export function pageOf<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({
      items: z.array(item),
      page: z.number().int(),
      pageCount: z.number().int(),
      total: z.number().int(),
    })
    .meta({ id });
}

/**
 * Money-moving requests accept an Idempotency-Key header: a retry with the same key and the same
 * content gets the first answer and moves nothing again; the same key with other content is refused.
 */
export const IdempotencyHeadersSchema = z.object({
  'idempotency-key': z
    .string()
    .regex(/^[\x21-\x7e]{1,200}$/, 'Idempotency-Key must be 1 to 200 visible ASCII characters')
    .optional()
    .meta({ description: 'A unique key per intended operation (a UUID, say); retries reuse it.' }),
});
