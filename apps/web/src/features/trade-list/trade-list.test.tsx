import type { Quote } from '@candor/contracts/market';
import type { Trade } from '@candor/contracts/trades';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, test } from 'vitest';
import { queryKeys } from '../../lib/query-keys.ts';
import { FakeEventSource, installFakeEventSource, latestEventSource } from '../../test/fake-event-source.ts';
import { recordId as id } from '../../test/record-id.ts';
import {
  callsTo,
  idempotencyKeys,
  mockApi,
  pageReply,
  renderPages,
  requestedUrls,
} from '../../test/render-page.tsx';
import { buildTrade, OPEN_TRADE_FIELDS } from '../../test/trades.ts';
import { TradeList } from './trade-list.tsx';

function openTrade(n: number, overrides: Partial<Trade> = {}): Trade {
  return buildTrade(n, { ...OPEN_TRADE_FIELDS, ...overrides });
}

function quote(symbol: string, price: string): string {
  const body: Quote = {
    symbol,
    price,
    time: '2026-03-04T14:00:00.000Z',
    source: 'simulated',
    stale: false,
    change24hPercent: null,
  };
  return JSON.stringify(body);
}

function renderList(initialTab?: 'open' | 'closed') {
  return renderPages(
    [{ path: '/dashboard', component: () => <TradeList initialTab={initialTab} /> }],
    '/dashboard',
  );
}

function tradeUrls(fetchMock: ReturnType<typeof mockApi>): string[] {
  return requestedUrls(fetchMock, '/api/trades').map((url) => url.search);
}

function dataRows(): HTMLElement[] {
  return within(screen.getByRole('table')).getAllByRole('row').slice(1);
}

beforeEach(() => {
  installFakeEventSource();
});

describe('TradeList', () => {
  test('opens on Closed with the seed columns, prices, results and Profit or Loss; desk trades are marked', async () => {
    const fetchMock = mockApi({
      'GET /api/trades': ({ url }) =>
        url.searchParams.get('status') === 'closed'
          ? pageReply([
              buildTrade(1),
              buildTrade(2, {
                symbol: 'BTCUSD',
                direction: 'sell',
                amount: '1234.50',
                lotSize: '1.00',
                openPrice: '67000.00',
                closePrice: '67500.00',
                result: '-9.21',
                bookedByDesk: true,
                closedBy: 'desk',
              }),
            ])
          : pageReply([]),
    });
    renderList();
    const closedTab = await screen.findByRole('tab', { name: 'Closed' });
    expect(closedTab.getAttribute('aria-selected')).toBe('true');
    await screen.findByRole('table');
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Asset', 'Direction', 'Amount', 'Open price', 'Close price', 'Result', 'Status', 'Date']);
    const [first, second] = dataRows().map((row) => within(row));
    expect(first?.getAllByText('BUY').length).toBeGreaterThan(0);
    expect(first?.getByText('1.25000')).toBeTruthy();
    expect(first?.getByText('1.26000')).toBeTruthy();
    expect(first?.getByText('+$1.60')).toBeTruthy();
    expect(first?.getByText('Profit')).toBeTruthy();
    expect(first?.queryByText('Booked by desk')).toBeNull();
    expect(second?.getByText('67,500.00')).toBeTruthy();
    // On a phone the price columns are hidden: each row says both prices under its asset.
    expect(first?.getByTestId('trade-prices-line').textContent).toBe('Open 1.25000 · Close 1.26000');
    expect(second?.getByTestId('trade-prices-line').textContent).toBe('Open 67,000.00 · Close 67,500.00');
    expect(second?.getByText('\u2212$9.21')).toBeTruthy();
    expect(second?.getByText('Loss')).toBeTruthy();
    expect(second?.getByText('Booked by desk')).toBeTruthy();
    expect(second?.getAllByText(/\$1,234\.50/).length).toBeGreaterThan(0);
    expect(new Set(tradeUrls(fetchMock))).toEqual(new Set(['?status=closed&page=1']));
    // Closed trades need no live prices and cannot be closed.
    expect(FakeEventSource.instances).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /^Close the/ })).toBeNull();
  });

  test('a copied trade is marked with its provider, its delay, and how much better or worse than the provider it opened and closed', async () => {
    mockApi({
      'GET /api/trades': ({ url }) =>
        url.searchParams.get('status') === 'closed'
          ? pageReply([
              buildTrade(1),
              buildTrade(2, {
                copiedFrom: {
                  providerName: 'Aurora FX',
                  providerTradeId: id(90),
                  openDelayMs: 1_500,
                  openPriceDifference: '0.00012',
                  closeDelayMs: 800,
                  closePriceDifference: '-0.00003',
                },
              }),
              buildTrade(3, {
                direction: 'sell',
                closedBy: 'copy_stop_loss',
                result: '-49.40',
                copiedFrom: {
                  providerName: 'Aurora FX',
                  providerTradeId: id(91),
                  openDelayMs: 2_000,
                  openPriceDifference: '4.71',
                  closeDelayMs: -95_000,
                  closePriceDifference: '49.40',
                },
              }),
            ])
          : pageReply([]),
    });
    renderList();
    await screen.findByRole('table');
    const [own, copy, stopped] = dataRows().map((row) => within(row));
    expect(own?.queryByText(/Copied from/)).toBeNull();
    const badge = copy?.getByText('Copied from Aurora FX');
    // A BUY that opened higher and closed lower than the provider did worse both times.
    expect(copy?.getByText('Opened 1.5 s after the provider, 0.00012 worse than their price')).toBeTruthy();
    expect(copy?.getByText('Closed 800 ms after the provider, 0.00003 worse than their price')).toBeTruthy();
    expect(badge?.getAttribute('title')).toContain('Opened 1.5 s after the provider');
    // A SELL that opened higher sold for more (better); one the copy stop-loss closed says so.
    expect(stopped?.getByText('Opened 2.0 s after the provider, 4.71 better than their price')).toBeTruthy();
    expect(
      stopped?.getByText(
        'Closed by the copy stop-loss 1 min 35 s before the provider, 49.40 worse than their price',
      ),
    ).toBeTruthy();
  });

  test('a trade closed by an administrator says so with the reason, a stop-out that it was stopped out; other closes say neither', async () => {
    mockApi({
      'GET /api/trades': ({ url }) =>
        url.searchParams.get('status') === 'closed'
          ? pageReply([
              buildTrade(1),
              buildTrade(2, { closedBy: 'admin', closeReason: 'Closing at your request by phone' }),
              buildTrade(3, { closedBy: 'stop_out', result: '-100.00' }),
            ])
          : pageReply([]),
    });
    renderList();
    await screen.findByRole('table');
    const [own, byStaff, stoppedOut] = dataRows().map((row) => within(row));
    expect(byStaff?.getByText('Closed by an administrator')).toBeTruthy();
    expect(byStaff?.getByText('Reason: Closing at your request by phone')).toBeTruthy();
    expect(own?.queryByText(/administrator|Reason:/)).toBeNull();
    expect(stoppedOut?.queryByText(/administrator|Reason:/)).toBeNull();
    // A stop-out says why the trade closed, beside its Loss.
    expect(stoppedOut?.getByText('Stopped out (the loss reached the amount)')).toBeTruthy();
    expect(own?.queryByText(/Stopped out/)).toBeNull();
  });

  test('Active shows open trades with their unrealized result moving with the live price', async () => {
    mockApi({
      'GET /api/trades': ({ url }) =>
        url.searchParams.get('status') === 'open'
          ? pageReply([
              openTrade(1),
              openTrade(2, { symbol: 'BTCUSD', direction: 'sell', openPrice: '60000.00' }),
            ])
          : pageReply([buildTrade(9)]),
    });
    renderList();
    await screen.findByText('+$1.60');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Active' }));
    await waitFor(() => expect(dataRows()).toHaveLength(2));
    expect(
      within(screen.getByRole('table'))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Asset',
      'Direction',
      'Amount',
      'Open price',
      'Current price',
      'Result',
      'Status',
      'Date',
      'Actions',
    ]);
    expect(within(dataRows()[0] as HTMLElement).getByText('Pending')).toBeTruthy();
    // Until the stream speaks, no result is guessed.
    expect(screen.queryByTestId('unrealized-result')).toBeNull();

    const stream = latestEventSource();
    expect(decodeURIComponent(stream.url)).toContain('symbols=BTCUSD,EURUSD');
    act(() => {
      stream.open();
      stream.emit('quote', quote('EURUSD', '1.26000'));
      stream.emit('quote', quote('BTCUSD', '61200.00'));
    });
    const [eur, btc] = dataRows().map((row) => within(row));
    // BUY $200 exposure × (1.26 / 1.25 − 1) = +$1.60; SELL $200 × (61200 / 60000 − 1) = −$4.00
    expect(eur?.getByTestId('unrealized-result').textContent).toBe('+$1.60');
    expect(eur?.getByText('1.26000')).toBeTruthy();
    expect(eur?.getByTestId('trade-prices-line').textContent).toBe('Open 1.25000 · Current 1.26000');
    expect(btc?.getByTestId('unrealized-result').textContent).toBe('\u2212$4.00');
    act(() => stream.emit('quote', quote('EURUSD', '1.24375')));
    expect(eur?.getByTestId('unrealized-result').textContent).toBe('\u2212$1.00');
  });

  test('Close asks first, then closes at market with an Idempotency-Key and refreshes the lists and balances', async () => {
    let closed = false;
    const fetchMock = mockApi({
      'GET /api/trades': ({ url }) =>
        url.searchParams.get('status') === 'open'
          ? pageReply(closed ? [] : [openTrade(1)])
          : pageReply(closed ? [buildTrade(1)] : []),
      [`POST /api/trades/${id(1)}/close`]: () => {
        closed = true;
        return { status: 200, body: buildTrade(1) };
      },
    });
    const { queryClient } = renderList('open');
    queryClient.setQueryData(queryKeys.balances, { stale: true });
    await screen.findByRole('table');
    act(() => latestEventSource().emit('quote', quote('EURUSD', '1.26000')));

    const user = userEvent.setup();
    const close = screen.getByRole('button', { name: 'Close the BUY EURUSD trade of $100.00' });
    // A tap target at least 44 px high on a phone.
    expect(close.className.split(' ')).toContain('min-h-11');
    await user.click(close);
    const dialog = within(screen.getByRole('dialog', { name: 'Close trade' }));
    expect(dialog.getByText(/At the current price of 1\.26000 its result would be/)).toBeTruthy();
    expect(dialog.getByText('+$1.60')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Close trade' }));

    expect(await screen.findByText('Trade closed')).toBeTruthy();
    expect(idempotencyKeys(fetchMock)).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    expect(await screen.findByText('No active trades.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(queryClient.getQueryState(['me', 'balances'])?.isInvalidated).toBe(true);
    await user.click(screen.getByRole('tab', { name: 'Closed' }));
    expect(await screen.findByText('+$1.60')).toBeTruthy();
  });

  test('a close the server refuses says why and reuses its key when tried again', async () => {
    const fetchMock = mockApi({
      'GET /api/trades': pageReply([openTrade(1)]),
      [`POST /api/trades/${id(1)}/close`]: {
        status: 503,
        body: { code: 'PRICE_UNAVAILABLE', message: 'The price of EURUSD is not available at the moment' },
      },
    });
    renderList('open');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Close the BUY EURUSD trade/ }));
    await user.click(screen.getByRole('button', { name: 'Close trade' }));
    expect(await screen.findByText('Failed to close trade')).toBeTruthy();
    expect(screen.getByText('The price of EURUSD is not available at the moment')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Close the BUY EURUSD trade/ }));
    await user.click(screen.getByRole('button', { name: 'Close trade' }));
    await waitFor(() => expect(callsTo(fetchMock, `POST /api/trades/${id(1)}/close`)).toHaveLength(2));
    const [first, second] = idempotencyKeys(fetchMock);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
  });

  test('pages five at a time with Previous and Next, separately for each tab', async () => {
    const fetchMock = mockApi({
      'GET /api/trades': ({ url }) => {
        const n = Number(url.searchParams.get('page'));
        return pageReply([buildTrade(n, { symbol: `PAGE${n}` })], n, 2);
      },
    });
    renderList();
    expect(await screen.findByText('PAGE1')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('PAGE2')).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Active' }));
    await waitFor(() => expect(tradeUrls(fetchMock)).toContain('?status=open&page=1'));
    await user.click(screen.getByRole('tab', { name: 'Closed' }));
    expect(await screen.findByText('PAGE2')).toBeTruthy();
    expect(new Set(tradeUrls(fetchMock))).toEqual(
      new Set(['?status=closed&page=1', '?status=closed&page=2', '?status=open&page=1']),
    );
  });

  test('says when there is nothing to show, and when the list could not be loaded', async () => {
    mockApi({
      'GET /api/trades': ({ url }) =>
        url.searchParams.get('status') === 'open'
          ? { status: 500, body: { code: 'INTERNAL', message: 'Internal Server Error' } }
          : pageReply([]),
    });
    renderList();
    expect(await screen.findByText('No closed trades yet.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Active' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your trades could not be loaded.');
  });
});
