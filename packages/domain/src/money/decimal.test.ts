import { describe, expect, test } from 'vitest';
import { formatPrice } from './decimal.ts';

describe('formatPrice', () => {
  test.each([
    { price: '67234.12', text: '67,234.12' },
    { price: '64250.5', text: '64,250.5' },
    { price: '1.08432', text: '1.08432' },
    { price: '1234567', text: '1,234,567' },
    { price: '0.000012', text: '0.000012' },
  ])('$price is shown as $text', ({ price, text }) => {
    expect(formatPrice(price)).toBe(text);
  });
});
