import type { Instrument } from '@candor/contracts/market';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import { queryKeys } from '../../lib/query-keys.ts';
import { SymbolPicker } from './symbol-picker.tsx';

afterEach(cleanup);

const items: Instrument[] = [
  { symbol: 'BTCUSD', class: 'crypto', name: 'Bitcoin / US Dollar', pricePrecision: 2 },
  { symbol: 'ETHUSD', class: 'crypto', name: 'Ethereum / US Dollar', pricePrecision: 2 },
  { symbol: 'EURUSD', class: 'forex', name: 'Euro / US Dollar', pricePrecision: 5 },
  { symbol: 'AAPL', class: 'stock', name: 'Apple Inc.', pricePrecision: 2 },
];

/** The picker with the catalogue already known, as the first screen's answers leave it. */
function renderPicker(value: string, onChange = vi.fn()) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(queryKeys.instruments, { items });
  render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SymbolPicker value={value} onChange={onChange} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return screen.getByRole('combobox', { name: 'Symbol' });
}

const optionNames = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

test('shows the chosen instrument first, then lists the whole catalogue grouped by class', async () => {
  const select = renderPicker('ETHUSD');
  // The first render styles one option, not the catalogue (docs/decisions/036).
  expect(optionNames(select)).toEqual(['ETHUSD — Ethereum / US Dollar']);
  expect((select as HTMLSelectElement).value).toBe('ETHUSD');
  await waitFor(() => expect(optionNames(select)).toHaveLength(4));
  expect(optionNames(select)).toEqual([
    'BTCUSD — Bitcoin / US Dollar',
    'ETHUSD — Ethereum / US Dollar',
    'EURUSD — Euro / US Dollar',
    'AAPL — Apple Inc.',
  ]);
  expect(
    within(select)
      .getAllByRole('group')
      .map((group) => group.getAttribute('label')),
  ).toEqual(['Crypto', 'Forex', 'Stocks']);
  expect((select as HTMLSelectElement).value).toBe('ETHUSD');
});

test('lists the catalogue at once when the select is focused, so type-ahead and the list work', () => {
  const onChange = vi.fn();
  const select = renderPicker('BTCUSD', onChange);
  fireEvent.focus(select);
  expect(optionNames(select)).toHaveLength(4);
  fireEvent.change(select, { target: { value: 'AAPL' } });
  expect(onChange).toHaveBeenCalledWith('AAPL');
});

test('lists the catalogue at once when the select is pressed (a tap on a phone opens the list)', () => {
  const select = renderPicker('BTCUSD');
  fireEvent.pointerDown(select);
  expect(optionNames(select)).toHaveLength(4);
});

test('keeps a symbol the catalogue does not hold as its own option', async () => {
  const select = renderPicker('XYZ');
  await waitFor(() => expect(optionNames(select)).toHaveLength(5));
  expect(optionNames(select)[0]).toBe('XYZ');
  expect((select as HTMLSelectElement).value).toBe('XYZ');
});
