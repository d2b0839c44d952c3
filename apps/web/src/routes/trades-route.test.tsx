import type { Balances } from '@candor/contracts/ledger';
import type { Candle, Quote } from '@candor/contracts/market';
import type { Trade } from '@candor/contracts/trades';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { FakeEventSource, installFakeEventSource } from '../test/fake-event-source.ts';
import { buildMe, callsTo, idempotencyKeys, mockApi, renderPages } from '../test/render-page.tsx';
import { buildTrade, OPEN_TRADE_FIELDS } from '../test/trades.ts';
import { TradesRoute } from './trades-route.tsx';

vi.mock('lightweight-charts', () => import('../test/fake-lightweight-charts.ts'));

const H14 = 1_772_632_800; // 2026-03-04 14:00 UTC
const BALANCES: Balances = {
  available: '500.00',
  reserved: '0.00',
  total: '500.00',
  deposits: '500.00',
  profit: '0.00',
  owed: '0.00',
  withdrawable: '500.00',
};
const INSTRUMENTS = [
  { symbol: 'EURUSD', class: 'forex', name: 'Euro / US Dollar', pricePrecision: 5 },
  { symbol: 'GBPUSD', class: 'forex', name: 'British Pound / US Dollar', pricePrecision: 5 },
  { symbol: 'BTCUSD', class: 'crypto', name: 'Bitcoin / US Dollar', pricePrecision: 2 },
  { symbol: 'ETHUSD', class: 'crypto', name: 'Ethereum / US Dollar', pricePrecision: 2 },
  { symbol: 'AAPL', class: 'stock', name: 'Apple Inc.', pricePrecision: 2 },
];
const PRICES: Record<string, string> = {
  EURUSD: '1.08432',
  GBPUSD: '1.27010',
  BTCUSD: '67234.12',
  ETHUSD: '3512.40',
  AAPL: '189.50',
};

const DEFAULT_TERMS = {
  maxLeverage: 100,
  forexSpreadPips: '2.0',
  otherSpreadPercent: '0.20',
  source: 'default',
  packageName: null,
  expiresAt: null,
};
const PACKAGE_TERMS = {
  maxLeverage: 200,
  forexSpreadPips: '1.2',
  otherSpreadPercent: '0.12',
  source: 'package',
  packageName: 'Zero',
  expiresAt: '2026-12-04T14:00:00.000Z',
};

function buildQuote(symbol: string, overrides: Partial<Quote> = {}): Quote {
  return {
    symbol,
    price: PRICES[symbol] ?? '1.00',
    time: new Date((H14 + 600) * 1000).toISOString(),
    source: 'simulated',
    stale: false,
    change24hPercent: '0.25',
    ...overrides,
  };
}

function candles(symbol: string): Candle[] {
  const price = PRICES[symbol] ?? '1.00';
  return [{ time: H14, open: price, high: price, low: price, close: price }];
}

function placedTrade(overrides: Partial<Trade> = {}): Trade {
  return buildTrade(1, {
    ...OPEN_TRADE_FIELDS,
    lotSize: '1.00',
    exposure: '100.00',
    openPrice: '1.08440',
    openedAt: '2026-03-04T14:10:00.000Z',
    ...overrides,
  });
}

type Overrides = Parameters<typeof mockApi>[0];

function mockMarket(overrides: Overrides = {}) {
  const handlers: Overrides = {
    'GET /api/instruments': { status: 200, body: { items: INSTRUMENTS } },
    'GET /api/me/balances': { status: 200, body: BALANCES },
    'GET /api/trades': { status: 200, body: { items: [], page: 1, pageCount: 0, total: 0 } },
    'GET /api/trading-terms': { status: 200, body: DEFAULT_TERMS },
  };
  for (const symbol of Object.keys(PRICES)) {
    handlers[`GET /api/instruments/${symbol}/candles`] = {
      status: 200,
      body: { symbol, interval: '1h', source: 'simulated', candles: candles(symbol) },
    };
    handlers[`GET /api/quotes/${symbol}`] = { status: 200, body: buildQuote(symbol) };
  }
  return mockApi({ ...handlers, ...overrides });
}

function renderTradesPage(me = buildMe()) {
  return renderPages([{ path: '/trades', component: TradesRoute }], '/trades', { me });
}

async function fill(label: string, value: string) {
  const user = userEvent.setup();
  const field = await screen.findByLabelText(label);
  await user.clear(field);
  if (value) await user.type(field, value);
}

function assetSelect(): HTMLSelectElement {
  return screen.getByLabelText('Asset') as HTMLSelectElement;
}

beforeEach(() => {
  installFakeEventSource();
  sessionStorage.clear();
});

describe('TradesPage', () => {
  test('opens on Forex with EURUSD: its live price, chart, the simulated notice and the available balance', async () => {
    mockMarket();
    renderTradesPage();
    expect(await screen.findByRole('heading', { name: 'Market' })).toBeTruthy();
    expect(
      await within(await screen.findByRole('region', { name: 'Balance' })).findByText('$500.00'),
    ).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Forex' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Crypto' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Stocks' })).toBeTruthy();
    await waitFor(() => expect(assetSelect().options).toHaveLength(2));
    expect(assetSelect().value).toBe('EURUSD');
    expect((await screen.findByTestId('price-chart')).dataset.symbol).toBe('EURUSD');
    await waitFor(() => expect(screen.getByTestId('live-price').textContent).toBe('1.08432'));
    expect(screen.getByText('Simulated prices')).toBeTruthy();
    expect((screen.getByLabelText('Lot size') as HTMLInputElement).value).toBe('1');

    // The stream moves the price.
    const stream = FakeEventSource.instances.find((source) => source.url.includes('EURUSD'));
    act(() => {
      stream?.open();
      stream?.emit('quote', JSON.stringify(buildQuote('EURUSD', { price: '1.08500' })));
    });
    expect(screen.getByTestId('live-price').textContent).toBe('1.08500');
  });

  test('an unknown ?symbol= is ignored: EURUSD is shown and no stream or request asks for it', async () => {
    const openTrade = buildTrade(1, { ...OPEN_TRADE_FIELDS, symbol: 'BTCUSD', instrumentClass: 'crypto' });
    const fetchMock = mockMarket({
      'GET /api/trades': { status: 200, body: { items: [openTrade], page: 1, pageCount: 1, total: 1 } },
    });
    renderPages([{ path: '/trades', component: TradesRoute }], '/trades?symbol=FAKE', { me: buildMe() });
    await waitFor(() => expect(screen.getByTestId('price-chart').dataset.symbol).toBe('EURUSD'));
    expect(assetSelect().value).toBe('EURUSD');
    await waitFor(() => expect(screen.getByTestId('live-price').textContent).toBe('1.08432'));
    expect(screen.queryByText('FAKE')).toBeNull();
    await waitFor(() =>
      expect(FakeEventSource.instances.some((source) => source.url.includes('BTCUSD'))).toBe(true),
    );
    expect(FakeEventSource.instances.filter((source) => source.url.includes('FAKE'))).toEqual([]);
    expect(callsTo(fetchMock, 'GET /api/quotes/FAKE')).toEqual([]);
    expect(callsTo(fetchMock, 'GET /api/instruments/FAKE/candles')).toEqual([]);
  });

  test('the ticket shows live Bid and Ask, the spread, its cost in dollars and the maximum leverage', async () => {
    const fetchMock = mockMarket({ 'GET /api/trading-terms': { status: 200, body: PACKAGE_TERMS } });
    renderTradesPage();
    const ticket = await screen.findByRole('region', { name: 'Spread and leverage' });
    // EURUSD at 1.08432 with 1.2 pips: ± 0.00006.
    await waitFor(() => expect(screen.getByTestId('ticket-ask').textContent).toBe('1.08438'));
    expect(screen.getByTestId('ticket-bid').textContent).toBe('1.08426');
    expect(within(ticket).getByText('1.2 pips')).toBeTruthy();
    expect(within(ticket).getByText('Leverage up to 1:200')).toBeTruthy();
    expect(within(ticket).getByText(/Zero/)).toBeTruthy();
    expect(within(ticket).getByRole('link', { name: 'Trading packages' }).getAttribute('href')).toBe(
      '/upgrade',
    );
    // $1,000 × 10 = $10,000 traded: 10,000 × 0.00012 / 1.08438 = $1.1066 → $1.11.
    await fill('Amount (USD)', '1000');
    await fill('Lot size', '10');
    expect(within(ticket).getByText('$1.11')).toBeTruthy();
    // The stream moves the mid: bid and ask follow.
    const stream = FakeEventSource.instances.find((source) => source.url.includes('EURUSD'));
    act(() => {
      stream?.open();
      stream?.emit('quote', JSON.stringify(buildQuote('EURUSD', { price: '1.08500' })));
    });
    expect(screen.getByTestId('ticket-ask').textContent).toBe('1.08506');
    expect(screen.getByTestId('ticket-bid').textContent).toBe('1.08494');
    // Crypto: a percent of the price (BTCUSD 67234.12 × 0.12 % / 2 = 40.34).
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Crypto' }));
    await waitFor(() => expect(screen.getByTestId('ticket-ask').textContent).toBe('67,274.46'));
    expect(within(ticket).getByText('0.12%')).toBeTruthy();
    // Above the package's maximum leverage the ticket refuses before sending anything.
    await fill('Amount (USD)', '10');
    await fill('Lot size', '201');
    await user.click(screen.getByRole('button', { name: 'BUY' }));
    expect(
      await screen.findByText("Lot size can be at most 200 (your account's maximum leverage)"),
    ).toBeTruthy();
    // Above the highest leverage any package gives (1:1000), it still names the account's own.
    await fill('Lot size', '5000');
    expect(
      await screen.findByText("Lot size can be at most 200 (your account's maximum leverage)"),
    ).toBeTruthy();
    expect(screen.queryByText(/Lot size can be at most 1000/)).toBeNull();
    expect(callsTo(fetchMock, 'POST /api/trades')).toHaveLength(0);
  });

  test('without a package the ticket says Default terms', async () => {
    mockMarket();
    renderTradesPage();
    const ticket = await screen.findByRole('region', { name: 'Spread and leverage' });
    await waitFor(() => expect(within(ticket).getByText(/Default terms/)).toBeTruthy());
    expect(within(ticket).getByText('Leverage up to 1:100')).toBeTruthy();
    expect(within(ticket).getByText('2.0 pips')).toBeTruthy();
  });

  test('a tab shows its class and picks its first asset; the tab follows the chosen asset', async () => {
    mockMarket();
    renderTradesPage();
    await waitFor(() => expect(assetSelect().options).toHaveLength(2));
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Crypto' }));
    expect(screen.getByRole('tab', { name: 'Crypto' }).getAttribute('aria-selected')).toBe('true');
    expect(assetSelect().value).toBe('BTCUSD');
    expect([...assetSelect().options].map((option) => option.value)).toEqual(['BTCUSD', 'ETHUSD']);
    await waitFor(() => expect(screen.getByTestId('price-chart').dataset.symbol).toBe('BTCUSD'));
    await user.selectOptions(assetSelect(), 'ETHUSD');
    await waitFor(() => expect(screen.getByTestId('live-price').textContent).toBe('3,512.40'));
    await user.click(screen.getByRole('tab', { name: 'Forex' }));
    expect(assetSelect().value).toBe('EURUSD');
    // Back on Crypto, the asset chosen there last comes back.
    await user.click(screen.getByRole('tab', { name: 'Crypto' }));
    expect(assetSelect().value).toBe('ETHUSD');
  });

  test('a tab chosen while the asset list is still loading is shown once it arrives', async () => {
    const fetchMock = mockMarket();
    let release = () => {};
    const listed = new Promise<void>((resolve) => {
      release = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (new URL(String(input), 'http://localhost').pathname === '/api/instruments') await listed;
      return fetchMock(input, init);
    });
    renderTradesPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Crypto' }));
    expect(screen.getByRole('tab', { name: 'Crypto' }).getAttribute('aria-selected')).toBe('true');
    act(() => release());
    await waitFor(() => expect(assetSelect().value).toBe('BTCUSD'));
    expect([...assetSelect().options].map((option) => option.value)).toEqual(['BTCUSD', 'ETHUSD']);
  });

  test('checks the amount and the lot size with the seed messages before sending anything', async () => {
    const fetchMock = mockMarket();
    renderTradesPage();
    const user = userEvent.setup();
    await fill('Lot size', '');
    await user.click(await screen.findByRole('button', { name: 'BUY' }));
    expect(await screen.findByText('Input an amount')).toBeTruthy();
    expect(screen.getByText('Input your lot size')).toBeTruthy();

    await fill('Lot size', 'abc');
    expect(await screen.findByText('Lot size must be a number')).toBeTruthy();
    await fill('Lot size', '0');
    expect(await screen.findByText('Lot size must be greater than zero')).toBeTruthy();
    await fill('Lot size', '-2');
    expect(await screen.findByText('Lot size must be greater than zero')).toBeTruthy();

    await fill('Lot size', '1');
    await fill('Amount (USD)', '500.01');
    await user.click(screen.getByRole('button', { name: 'SELL' }));
    expect(await screen.findByText('Insufficient balance')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/trades')).toHaveLength(0);
  });

  test('the lot size steps by 0.01 and shows the amount traded', async () => {
    mockMarket();
    renderTradesPage();
    const user = userEvent.setup();
    await fill('Amount (USD)', '200');
    await user.click(screen.getByRole('button', { name: 'Increase lot size' }));
    expect((screen.getByLabelText('Lot size') as HTMLInputElement).value).toBe('1.01');
    expect(screen.getByText('$202.00')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Decrease lot size' }));
    await user.click(screen.getByRole('button', { name: 'Decrease lot size' }));
    expect((screen.getByLabelText('Lot size') as HTMLInputElement).value).toBe('0.99');
    expect(screen.getByText('$198.00')).toBeTruthy();
  });

  test('BUY places the trade with an Idempotency-Key, says so, and refreshes the balance and the lists', async () => {
    let available = '500.00';
    const fetchMock = mockMarket({
      'GET /api/me/balances': () => ({ status: 200, body: { ...BALANCES, available, reserved: '0.00' } }),
      'POST /api/trades': () => {
        available = '400.00';
        return { status: 200, body: placedTrade() };
      },
      'GET /api/trades': ({ url }) => ({
        status: 200,
        body:
          url.searchParams.get('status') === 'open' && available === '400.00'
            ? { items: [placedTrade()], page: 1, pageCount: 1, total: 1 }
            : { items: [], page: 1, pageCount: 0, total: 0 },
      }),
    });
    renderTradesPage();
    expect(await screen.findByText('No active trades.')).toBeTruthy();
    await fill('Amount (USD)', '100');
    await userEvent.setup().click(screen.getByRole('button', { name: 'BUY' }));

    expect(await screen.findByText('Trade Placed Successfully')).toBeTruthy();
    expect(screen.getByText('BUY EURUSD at 1.08440')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/trades')).toEqual([
      { symbol: 'EURUSD', direction: 'buy', amount: '100', lotSize: '1' },
    ]);
    expect(idempotencyKeys(fetchMock, '/api/trades')[0]).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Balance' })).getByText('$400.00')).toBeTruthy(),
    );
    expect(await screen.findByRole('button', { name: 'Close the BUY EURUSD trade of $100.00' })).toBeTruthy();
    expect((screen.getByLabelText('Amount (USD)') as HTMLInputElement).value).toBe('');
  });

  test('a refusal shows the server message; the same submission tried again reuses its key', async () => {
    const fetchMock = mockMarket({
      'POST /api/trades': {
        status: 503,
        body: { code: 'PRICE_UNAVAILABLE', message: 'The price of BTCUSD is not available at the moment' },
      },
    });
    renderTradesPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Crypto' }));
    await waitFor(() => expect(assetSelect().value).toBe('BTCUSD'));
    await fill('Amount (USD)', '50');
    await fill('Lot size', '2.5');
    await user.click(screen.getByRole('button', { name: 'SELL' }));
    expect(await screen.findByText('Failed to place trade')).toBeTruthy();
    expect(screen.getByText('The price of BTCUSD is not available at the moment')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'SELL' }));
    await waitFor(() => expect(idempotencyKeys(fetchMock, '/api/trades')).toHaveLength(2));
    expect(callsTo(fetchMock, 'POST /api/trades')[0]).toEqual({
      symbol: 'BTCUSD',
      direction: 'sell',
      amount: '50',
      lotSize: '2.5',
    });
    const [first, second] = idempotencyKeys(fetchMock, '/api/trades');
    expect(second).toBe(first);
  });

  test('the server refusing for insufficient funds marks the amount', async () => {
    mockMarket({
      'POST /api/trades': {
        status: 422,
        body: { code: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance' },
      },
    });
    renderTradesPage();
    await screen.findByText('$500.00');
    await fill('Amount (USD)', '100');
    await userEvent.setup().click(screen.getByRole('button', { name: 'BUY' }));
    expect(await screen.findByText('Failed to place trade')).toBeTruthy();
    const amount = screen.getByLabelText('Amount (USD)');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getAllByText('Insufficient balance').length).toBeGreaterThan(0);
  });

  test('a staff account sees the market but cannot trade: it holds no money', async () => {
    mockMarket();
    renderTradesPage(buildMe({ role: 'admin' }));
    expect(
      await screen.findByText('Staff accounts do not hold money: money moves on customer accounts only.'),
    ).toBeTruthy();
    expect(((await screen.findByRole('button', { name: 'BUY' })) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'SELL' }) as HTMLButtonElement).disabled).toBe(true);
  });

  test('a suspended account sees why and cannot trade', async () => {
    mockMarket();
    renderTradesPage(buildMe({ status: 'suspended', statusReason: 'Documents under review' }));
    expect(await screen.findByText('Reason: Documents under review')).toBeTruthy();
    // The form comes with the page's deferred render, a moment after the notice.
    expect(((await screen.findByRole('button', { name: 'BUY' })) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'SELL' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('the ticket keeps what was typed for the tab', () => {
  function typedIn(label: string): string {
    return (screen.getByLabelText(label) as HTMLInputElement).value;
  }

  async function leaveAndComeBack(router: ReturnType<typeof renderTradesPage>['router']) {
    await act(() => router.navigate({ to: '/dashboard' }));
    expect(await screen.findByText('Marker /dashboard')).toBeTruthy();
    await act(() => router.navigate({ to: '/trades' }));
    await waitFor(() => expect(assetSelect().options.length).toBeGreaterThan(1));
  }

  test('leaving /trades and coming back finds the asset, amount and lot size as they were left', async () => {
    mockMarket();
    const { router } = renderTradesPage();
    await waitFor(() => expect(assetSelect().options).toHaveLength(2));
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Crypto' }));
    await user.selectOptions(assetSelect(), 'ETHUSD');
    await fill('Amount (USD)', '25');
    await fill('Lot size', '2.5');

    await leaveAndComeBack(router);
    await waitFor(() => expect(assetSelect().value).toBe('ETHUSD'));
    expect(screen.getByRole('tab', { name: 'Crypto' }).getAttribute('aria-selected')).toBe('true');
    expect(typedIn('Amount (USD)')).toBe('25');
    expect(typedIn('Lot size')).toBe('2.5');
    expect(screen.getByText('$62.50')).toBeTruthy();
  });

  test('a trade placed forgets the ticket: coming back finds it empty, on the default asset', async () => {
    mockMarket({ 'POST /api/trades': { status: 200, body: placedTrade({ symbol: 'GBPUSD' }) } });
    const { router } = renderTradesPage();
    await waitFor(() => expect(assetSelect().options).toHaveLength(2));
    await userEvent.setup().selectOptions(assetSelect(), 'GBPUSD');
    await fill('Amount (USD)', '100');
    await userEvent.setup().click(screen.getByRole('button', { name: 'BUY' }));
    expect(await screen.findByText('Trade Placed Successfully')).toBeTruthy();

    await leaveAndComeBack(router);
    expect(assetSelect().value).toBe('EURUSD');
    expect(typedIn('Amount (USD)')).toBe('');
    expect(typedIn('Lot size')).toBe('1');
    expect(sessionStorage.length).toBe(0);
  });

  test("another customer's kept ticket is not shown, and a ?symbol= link wins over the kept asset", async () => {
    sessionStorage.setItem(
      'candor.trade-ticket',
      JSON.stringify({ userId: 'someone-else', value: { symbol: 'AAPL', amount: '75', lotSize: '3' } }),
    );
    mockMarket();
    renderTradesPage();
    await waitFor(() => expect(assetSelect().options).toHaveLength(2));
    expect(assetSelect().value).toBe('EURUSD');
    expect(typedIn('Amount (USD)')).toBe('');
    expect(typedIn('Lot size')).toBe('1');
    cleanup();

    const me = buildMe();
    sessionStorage.setItem(
      'candor.trade-ticket',
      JSON.stringify({ userId: me.id, value: { symbol: 'AAPL', amount: '75', lotSize: '3' } }),
    );
    renderPages([{ path: '/trades', component: TradesRoute }], '/trades?symbol=BTCUSD', { me });
    await waitFor(() => expect(assetSelect().value).toBe('BTCUSD'));
    expect(typedIn('Amount (USD)')).toBe('75');
  });
});
