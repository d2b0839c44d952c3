import type { Quote } from '@candor/contracts/market';
import { INSTRUMENTS } from '@candor/domain/market/instruments';
import { expect, test } from 'vitest';
import { decodeQuoteBatch, encodeQuoteBatch, MAX_PAYLOAD_BYTES } from './quote-codec.ts';

function quoteOf(symbol: string, i: number): Quote {
  return {
    symbol,
    price: `${1000 + i}.123456`,
    time: new Date(Date.UTC(2026, 10, 22, 12, 0, i)).toISOString(),
    source: i % 2 ? 'coingecko' : 'simulated',
    stale: i % 3 === 0,
    change24hPercent: i % 5 ? `-${i}.25` : null,
  };
}

test('a batch of every instrument travels in payloads under the NOTIFY limit and comes back equal', () => {
  const quotes = INSTRUMENTS.map((spec, i) => quoteOf(spec.symbol, i));
  const payloads = encodeQuoteBatch(quotes);
  for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThan(MAX_PAYLOAD_BYTES);
  expect(payloads.flatMap((p) => decodeQuoteBatch(p) ?? [])).toEqual(quotes);
});

test('a batch larger than one payload is split, keeping every quote in order', () => {
  const quotes = Array.from({ length: 300 }, (_, i) => quoteOf(`SYM${i}`, i % 60));
  const payloads = encodeQuoteBatch(quotes, 2000);
  expect(payloads.length).toBeGreaterThan(5);
  for (const payload of payloads) expect(Buffer.byteLength(payload)).toBeLessThanOrEqual(2000);
  expect(payloads.flatMap((p) => decodeQuoteBatch(p) ?? [])).toEqual(quotes);
});

test('an empty batch sends nothing', () => {
  expect(encodeQuoteBatch([])).toEqual([]);
});

test.each([
  ['not json'],
  ['{"a":1}'],
  ['[["BTCUSD","1",1,null,"bloomberg",0]]'],
  ['[["BTCUSD",1,1,null,"simulated",0]]'],
])('a payload that is not a quote batch is refused: %s', (payload) => {
  expect(decodeQuoteBatch(payload)).toBeUndefined();
});
