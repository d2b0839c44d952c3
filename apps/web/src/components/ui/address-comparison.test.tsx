import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { AddressComparison } from './address-comparison.tsx';

afterEach(cleanup);

const BITCOIN = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const ETHEREUM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const NEW_ETHEREUM = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

function coin(name: string) {
  return within(screen.getByRole('rowgroup', { name }));
}

test('each coin says whether its address is added, changes or stays, with both addresses side by side', () => {
  render(
    <AddressComparison
      before={{ bitcoin: BITCOIN, ethereum: ETHEREUM, usdt: null }}
      after={{ bitcoin: BITCOIN, ethereum: NEW_ETHEREUM, usdt: USDT }}
      labels={['In force', 'Proposed']}
      caption="Deposit addresses"
    />,
  );
  expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
    'In force',
    'Proposed',
  ]);
  expect(coin('Bitcoin').getByText('Unchanged')).toBeTruthy();
  expect(coin('Bitcoin').getAllByText(BITCOIN)).toHaveLength(2);
  const ethereum = coin('Ethereum');
  expect(ethereum.getByText('Changes')).toBeTruthy();
  expect(ethereum.getAllByRole('cell').map((cell) => cell.textContent)).toEqual([ETHEREUM, NEW_ETHEREUM]);
  const usdt = coin('USDT (TRC-20)');
  expect(usdt.getByText('Added')).toBeTruthy();
  expect(usdt.getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Not set', USDT]);
});
