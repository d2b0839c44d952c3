import { INACTIVE_ACCOUNT_MESSAGE } from '@candor/contracts/errors';
import type { Balances } from '@candor/contracts/ledger';
import { screen, within } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import { installFakeEventSource } from '../test/fake-event-source.ts';
import { buildMe, mockApi, renderPages } from '../test/render-page.tsx';
import { DashboardRoute } from './dashboard-route.tsx';

vi.mock('lightweight-charts', () => import('../test/fake-lightweight-charts.ts'));

const BALANCES: Balances = {
  available: '1234.56',
  reserved: '0.00',
  total: '1234.56',
  deposits: '1500.00',
  profit: '0.00',
  owed: '0.00',
  withdrawable: '1234.56',
};

beforeEach(() => {
  installFakeEventSource();
});

function renderDashboard(me = buildMe()) {
  return renderPages([{ path: '/dashboard', component: DashboardRoute }], '/dashboard', { me });
}

async function cardText(label: string): Promise<string> {
  return (await screen.findByRole('region', { name: label })).textContent ?? '';
}

test('a suspended account sees the inactive message and its reason first, its balances and trades, and no way to trade or deposit', async () => {
  mockApi({
    'GET /api/me/balances': { status: 200, body: BALANCES },
    'GET /api/trades': { status: 200, body: { items: [], page: 1, pageCount: 1, total: 0 } },
  });
  renderDashboard(buildMe({ status: 'suspended', statusReason: 'Documents under review' }));
  const notice = await screen.findByRole('alert');
  expect(notice.textContent).toContain(INACTIVE_ACCOUNT_MESSAGE);
  expect(within(notice).getByText('Reason: Documents under review')).toBeTruthy();
  expect(await cardText('TOTAL BALANCE')).toContain('$1,234.56');
  expect(screen.getByRole('link', { name: 'statement' }).getAttribute('href')).toBe('/statement');
  expect(await screen.findByRole('tab', { name: 'Active' })).toBeTruthy();
  expect(screen.queryByRole('link', { name: 'Deposit' })).toBeNull();
  expect(screen.queryByRole('link', { name: 'Trade' })).toBeNull();
  expect(screen.queryByTestId('price-chart')).toBeNull();
});

test('an active account sees its balances from the ledger, formatted with cents and separators', async () => {
  mockApi({ 'GET /api/me/balances': { status: 200, body: BALANCES } });
  renderDashboard();
  await screen.findByText('$1,234.56');
  expect(await cardText('TOTAL BALANCE')).toContain('$1,234.56');
  expect(await cardText('TOTAL BALANCE')).toContain('Live Account');
  expect(await cardText('DEPOSIT BALANCE')).toContain('$1,500.00');
  expect(await cardText('PROFIT BALANCE')).toContain('$0.00');
  // Nothing reserved: no available/reserved line.
  expect(screen.queryByText(/Reserved/)).toBeNull();
  expect(screen.queryByText(INACTIVE_ACCOUNT_MESSAGE)).toBeNull();
});

test('with money reserved for a withdrawal, the total card shows available and reserved', async () => {
  mockApi({
    'GET /api/me/balances': {
      status: 200,
      body: { ...BALANCES, available: '1000.00', reserved: '234.56', total: '1234.56' },
    },
  });
  renderDashboard();
  await screen.findByText('$1,234.56');
  expect(await cardText('TOTAL BALANCE')).toContain('Available $1,000.00 · Reserved $234.56');
});

test('with a loan owed, the total card says how much of it is borrowed', async () => {
  mockApi({
    'GET /api/me/balances': {
      status: 200,
      body: { ...BALANCES, available: '2500.00', total: '2500.00', owed: '2000.00' },
    },
  });
  renderDashboard();
  await screen.findByText('$2,500.00');
  expect(await cardText('TOTAL BALANCE')).toContain('Includes $2,000.00 borrowed, owed on a loan');
});

test('the shortcuts lead to deposit, copy trader and trades', async () => {
  mockApi({ 'GET /api/me/balances': { status: 200, body: BALANCES } });
  renderDashboard();
  expect((await screen.findByRole('link', { name: 'Deposit' })).getAttribute('href')).toBe('/deposit');
  expect(screen.getByRole('link', { name: 'Copy Trader' }).getAttribute('href')).toBe('/copy-trader');
  expect(screen.getByRole('link', { name: 'Trade' }).getAttribute('href')).toBe('/trades');
});

test('a staff account reads that it holds no money, and is offered no Deposit or Trade', async () => {
  mockApi({ 'GET /api/me/balances': { status: 200, body: BALANCES } });
  renderDashboard(buildMe({ role: 'owner' }));
  expect((await screen.findByRole('link', { name: 'Copy Trader' })).getAttribute('href')).toBe(
    '/copy-trader',
  );
  expect(
    screen.getByText('Staff accounts do not hold money: money moves on customer accounts only.'),
  ).toBeTruthy();
  expect(screen.queryByRole('link', { name: 'Deposit' })).toBeNull();
  expect(screen.queryByRole('link', { name: 'Trade' })).toBeNull();
});

test('shows placeholders while the balances load', async () => {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fetchMock = mockApi({ 'GET /api/me/balances': { status: 200, body: BALANCES } });
  const answer = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input, init) => {
    await gate;
    if (!answer) throw new Error('no mock');
    return answer(input, init);
  });
  renderDashboard();
  expect(await screen.findAllByTestId('balance-skeleton')).toHaveLength(3);
  expect(screen.queryByText('$1,234.56')).toBeNull();
  release();
  expect(await screen.findByText('$1,234.56')).toBeTruthy();
  expect(screen.queryByTestId('balance-skeleton')).toBeNull();
});

test('a failed load says so and offers to try again', async () => {
  mockApi({
    'GET /api/me/balances': { status: 500, body: { code: 'INTERNAL', message: 'Internal Server Error' } },
  });
  renderDashboard();
  expect((await screen.findByText(/Your balances could not be loaded/)).textContent).toContain('Try again');
});

test("below the market, the customer's own trades, Closed first", async () => {
  mockApi({
    'GET /api/me/balances': { status: 200, body: BALANCES },
    'GET /api/trades': { status: 200, body: { items: [], page: 1, pageCount: 0, total: 0 } },
  });
  renderDashboard();
  const trades = await screen.findByRole('region', { name: 'Your trades' });
  expect(within(trades).getByRole('tab', { name: 'Closed' }).getAttribute('aria-selected')).toBe('true');
  expect(await within(trades).findByText('No closed trades yet.')).toBeTruthy();
  const chart = await screen.findByTestId('price-chart');
  expect(chart.compareDocumentPosition(trades) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
});
