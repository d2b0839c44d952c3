import type { SignalRating } from '@candor/contracts/market';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { mockApi, renderPages } from '../../test/render-page.tsx';
import { SignalStrengthBar } from './signal-strength-bar.tsx';

function renderBar(signal: SignalRating | { status: number; body: unknown }) {
  mockApi({
    'GET /api/signals/BTCUSD': 'status' in signal ? signal : { status: 200, body: signal },
  });
  renderPages([{ path: '/dashboard', component: () => <SignalStrengthBar symbol="BTCUSD" /> }], '/dashboard');
}

const SIGNAL: SignalRating = {
  symbol: 'BTCUSD',
  rating: 72,
  direction: 'buy',
  interval: '1h',
  asOf: 1_772_636_400,
};

describe('SignalStrengthBar', () => {
  test.each([
    { rating: 8, direction: 'strong_sell', words: 'Strong sell', colour: 'bg-red-600' },
    { rating: 31, direction: 'sell', words: 'Sell', colour: 'bg-red-400' },
    { rating: 50, direction: 'neutral', words: 'Neutral', colour: 'bg-slate-400' },
    { rating: 72, direction: 'buy', words: 'Buy', colour: 'bg-emerald-500' },
    { rating: 93, direction: 'strong_buy', words: 'Strong buy', colour: 'bg-emerald-600' },
  ] as const)(
    'a rating of $rating reads "$words", fills $rating % and takes $colour',
    async ({ rating, direction, words, colour }) => {
      renderBar({ ...SIGNAL, rating, direction });
      const meter = await screen.findByRole('meter');
      expect(meter.getAttribute('data-testid')).toBe('signal-strength');
      expect(meter.getAttribute('aria-valuenow')).toBe(String(rating));
      expect(meter.getAttribute('aria-valuemin')).toBe('0');
      expect(meter.getAttribute('aria-valuemax')).toBe('100');
      expect(meter.getAttribute('aria-valuetext')).toBe(`${rating}% · ${words}`);
      const label = `Signal Strength · BTCUSD · ${rating}% · ${words}`;
      expect(
        screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === label),
      ).toBeTruthy();
      expect(screen.getByRole('meter', { name: label })).toBe(meter);
      const fill = meter.firstElementChild;
      expect(fill?.getAttribute('style')).toBe(`width: ${rating}%;`);
      expect(fill?.className).toContain(colour);
    },
  );

  test('says when the rating was computed, in UTC', async () => {
    renderBar(SIGNAL);
    expect(await screen.findByText('1H candles, as of 04 Mar, 15:00 UTC')).toBeTruthy();
  });

  test('says so when the rating cannot be loaded', async () => {
    renderBar({ status: 500, body: { code: 'INTERNAL', message: 'Internal Server Error' } });
    expect(await screen.findByText('The signal strength is not available right now.')).toBeTruthy();
    expect(screen.queryByRole('meter')).toBeNull();
  });
});
