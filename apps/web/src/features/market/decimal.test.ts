import { describe, expect, test } from 'vitest';
import { formatChange, formatPrice } from './decimal.ts';

describe('formatPrice', () => {
  test.each([
    { price: '67234.12', text: '67,234.12' },
    { price: '1.08432', text: '1.08432' },
    { price: '1234567', text: '1,234,567' },
    { price: '0.000012', text: '0.000012' },
  ])('$price is shown as $text', ({ price, text }) => {
    expect(formatPrice(price)).toBe(text);
  });
});

describe('formatChange', () => {
  test.each([
    { percent: '1.25', text: '+1.25%', tone: 'up' },
    { percent: '+0.40', text: '+0.40%', tone: 'up' },
    { percent: '-0.80', text: '-0.80%', tone: 'down' },
    { percent: '0.00', text: '0.00%', tone: 'flat' },
    { percent: '-0.00', text: '0.00%', tone: 'flat' },
    { percent: null, text: '—', tone: null },
  ])('$percent is shown as $text', ({ percent, text, tone }) => {
    expect(formatChange(percent)).toEqual({ text, tone });
  });
});
