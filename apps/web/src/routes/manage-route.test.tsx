import type { AdminTrade, AdminTradeDetail } from '@candor/contracts/admin-trades';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { recordId as id } from '../test/record-id.ts';
import {
  buildMe,
  callsTo,
  idempotencyKeys,
  mockApi,
  pageReply,
  renderPages,
  requestedUrls,
} from '../test/render-page.tsx';
import { buildTrade, OPEN_TRADE_FIELDS } from '../test/trades.ts';
import { ManageRoute } from './manage-route.tsx';

function item(n: number, overrides: Partial<AdminTrade> = {}): AdminTrade {
  return {
    ...buildTrade(n),
    userId: `user-${n}`,
    email: `user${n}@example.com`,
    customerName: `Customer ${n}`,
    ...overrides,
  };
}

function running(n: number, overrides: Partial<AdminTrade> = {}): AdminTrade {
  return item(n, { ...OPEN_TRADE_FIELDS, ...overrides });
}

function detail(trade: AdminTrade, overrides: Partial<AdminTradeDetail> = {}): AdminTradeDetail {
  return {
    ...trade,
    currentPrice: trade.status === 'open' ? '1.24375' : null,
    closePriceNow: trade.status === 'open' ? '1.24375' : null,
    priceStale: false,
    resultAtCurrentPrice: trade.status === 'open' ? '-1.00' : null,
    ...overrides,
  };
}

function renderTab(url = '/all-user?tab=trades') {
  return renderPages([{ path: '/all-user', component: ManageRoute }], url, {
    me: buildMe({ role: 'admin' }),
  });
}

describe('the All trades tab', () => {
  test('shows the seed columns with open and close prices; Running or Closed; desk trades marked', async () => {
    mockApi({
      'GET /api/admin/trades': pageReply([
        running(1),
        item(2, {
          symbol: 'BTCUSD',
          direction: 'sell',
          amount: '1234.50',
          lotSize: '10.00',
          exposure: '12345.00',
          openPrice: '67000.00',
          closePrice: '67500.00',
          result: '-92.13',
          bookedByDesk: true,
          closedBy: 'desk',
          desk: {
            status: 'rejected',
            reason: 'Executed by phone',
            bookedAt: '2026-03-05T09:00:00.000Z',
            expiresAt: '2026-03-12T09:00:00.000Z',
            decidedAt: '2026-03-06T10:00:00.000Z',
          },
        }),
      ]),
    });
    renderTab();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Email',
      'Asset',
      'Direction',
      'Amount',
      'Amount traded',
      'Open / close price',
      'Outcome',
      'Status',
      'Date',
    ]);
    const [first, second] = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row));
    expect(first?.getByText('user1@example.com')).toBeTruthy();
    expect(first?.getByText('Running')).toBeTruthy();
    expect(first?.getByText('$200.00')).toBeTruthy();
    expect(first?.getByText('1.25000')).toBeTruthy();
    expect(first?.getByText('→ running')).toBeTruthy();
    // A running trade says on its row that it can be closed at market; a closed one does not.
    expect(
      first?.getByRole('button', { name: 'Close the BUY EURUSD trade of user1@example.com at market' }),
    ).toBeTruthy();
    expect(second?.queryByRole('button', { name: /at market$/ })).toBeNull();
    expect(second?.getByText('Closed')).toBeTruthy();
    expect(second?.getByText('$12,345.00')).toBeTruthy();
    expect(second?.getByText('67,000.00')).toBeTruthy();
    expect(second?.getByText('→ 67,500.00')).toBeTruthy();
    expect(second?.getByText('\u2212$92.13')).toBeTruthy();
    expect(second?.getByText('Booked by desk')).toBeTruthy();
    // The customer's answer to the desk's proposal, with its time.
    expect(second?.getByText(/^Rejected /)).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Trades' }).getAttribute('aria-selected')).toBe('true');
  });

  test('searches by e-mail and pages on the server, ten a page, keeping its place in the URL', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/trades': ({ url }) => {
        if (url.searchParams.get('search')) return pageReply([item(7, { email: 'ada@example.com' })]);
        const n = Number(url.searchParams.get('page'));
        return pageReply([item(n)], n, 3);
      },
    });
    const { router } = renderTab();
    expect(await screen.findByText('user1@example.com')).toBeTruthy();
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('user2@example.com')).toBeTruthy();
    expect(router.state.location.search).toEqual({ tab: 'trades', page: 2 });

    await user.type(screen.getByLabelText('Search by email'), 'ADA@');
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'trades', search: 'ADA@' }));
    const searched = requestedUrls(fetchMock, '/api/admin/trades').filter((url) =>
      url.searchParams.get('search'),
    );
    expect(searched.at(-1)?.searchParams.get('search')).toBe('ADA@');
    expect(searched.at(-1)?.searchParams.get('page')).toBe('1');
  });

  test('says when no trade matches, and that it searched by e-mail address', async () => {
    mockApi({ 'GET /api/admin/trades': pageReply([]) });
    renderTab('/all-user?tab=trades&search=nobody');
    expect(await screen.findByText('No trades found.')).toBeTruthy();
    expect(screen.getByText('No trade was placed from an e-mail address matching your search.')).toBeTruthy();
  });

  test('a closed trade opens its details: outcome, who closed it and why, and nothing to type', async () => {
    const closed = item(3, {
      closedBy: 'admin',
      closeReason: 'Customer asked by phone',
      result: '-1.00',
      direction: 'buy',
      openMidPrice: '86296.02',
      closeMidPrice: '86272.44',
    });
    mockApi({
      'GET /api/admin/trades': pageReply([closed]),
      [`GET /api/admin/trades/${id(3)}`]: { status: 200, body: detail(closed) },
    });
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByText('user3@example.com'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Trade details' }));
    expect(await dialog.findByText('Customer asked by phone')).toBeTruthy();
    expect(dialog.getByText('Closed by an administrator')).toBeTruthy();
    expect(dialog.getByText('\u2212$1.00')).toBeTruthy();
    // A BUY opened at the ask and closed at the bid, each beside the market's mid.
    expect(dialog.getByText('Ask · mid 86,296.02')).toBeTruthy();
    expect(dialog.getByText('Bid · mid 86,272.44')).toBeTruthy();
    expect(dialog.getByText('Customer 3').getAttribute('href')).toBe('/user/user-3');
    expect(dialog.queryByRole('button', { name: 'Close at market' })).toBeNull();
    expect(dialog.queryByRole('textbox')).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test("a desk trade's details say where the customer's answer stands, with the desk's reason", async () => {
    const booked = item(5, {
      closedBy: 'desk',
      bookedByDesk: true,
      result: '2.98',
      desk: {
        status: 'proposed',
        reason: 'Executed by phone',
        bookedAt: '2026-03-05T09:00:00.000Z',
        expiresAt: '2026-03-12T09:00:00.000Z',
        decidedAt: null,
      },
    });
    mockApi({
      'GET /api/admin/trades': pageReply([booked]),
      [`GET /api/admin/trades/${id(5)}`]: { status: 200, body: detail(booked) },
    });
    renderTab();
    await userEvent.setup().click(await screen.findByText('user5@example.com'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Trade details' }));
    expect(await dialog.findByText(/^Awaiting acceptance until/)).toBeTruthy();
    expect(dialog.getByText('Executed by phone')).toBeTruthy();
    expect(dialog.getByText(/Nothing is posted unless the customer accepts it/)).toBeTruthy();
  });

  test('a copied trade is marked in the list, and its details say how far it was from the provider', async () => {
    const copy = item(5, {
      copiedFrom: {
        providerName: 'Aurora FX',
        providerTradeId: id(50),
        openDelayMs: 1_200,
        openPriceDifference: '0.00010',
        closeDelayMs: 65_000,
        closePriceDifference: '-0.00002',
      },
    });
    mockApi({
      'GET /api/admin/trades': pageReply([item(1), copy]),
      [`GET /api/admin/trades/${id(5)}`]: { status: 200, body: detail(copy) },
    });
    renderTab();
    const table = await screen.findByRole('table');
    const [plain, copied] = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row));
    expect(plain?.queryByText(/Copied from/)).toBeNull();
    expect(copied?.getAllByText('Copied from Aurora FX').length).toBeGreaterThan(0);
    await userEvent.setup().click(screen.getByText('user5@example.com'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Trade details' }));
    expect(await dialog.findByText('Aurora FX')).toBeTruthy();
    // A BUY that opened higher and closed lower than the provider did worse both times.
    expect(dialog.getByText('Opened 1.2 s after the provider, 0.00010 worse than their price')).toBeTruthy();
    expect(
      dialog.getByText('Closed 1 min 5 s after the provider, 0.00002 worse than their price'),
    ).toBeTruthy();
  });

  test('an open trade shows the current price and result; Close at market needs a reason and sends it with a key', async () => {
    const open = running(4);
    let current = detail(open);
    const fetchMock = mockApi({
      'GET /api/admin/trades': () =>
        pageReply([current.status === 'open' ? open : item(4, { result: '-1.00' })]),
      [`GET /api/admin/trades/${id(4)}`]: () => ({ status: 200, body: current }),
      [`POST /api/admin/trades/${id(4)}/close`]: () => {
        current = detail(
          item(4, {
            closePrice: '1.24375',
            result: '-1.00',
            closedBy: 'admin',
            closeReason: 'Margin call agreed with the customer',
          }),
        );
        return { status: 200, body: current };
      },
    });
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByText('user4@example.com'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Trade details' }));
    expect(await dialog.findByText('1.24375')).toBeTruthy();
    expect(dialog.getByText('\u2212$1.00')).toBeTruthy();
    // No free-form profit or loss: the only thing to type is the reason, which the customer reads.
    expect(dialog.getAllByRole('textbox').map((box) => box.getAttribute('name'))).toEqual(['reason']);
    expect(
      dialog.getByText(
        'Required. Shown to the customer on the trade and their statement, and e-mailed to them.',
      ),
    ).toBeTruthy();

    await user.click(dialog.getByRole('button', { name: 'Close at market' }));
    expect(await dialog.findByText('Reason is required')).toBeTruthy();
    expect(callsTo(fetchMock, `POST /api/admin/trades/${id(4)}/close`)).toHaveLength(0);

    await user.type(dialog.getByLabelText('Reason'), 'Margin call agreed with the customer');
    await user.click(dialog.getByRole('button', { name: 'Close at market' }));
    expect(await screen.findByText('Trade closed at market')).toBeTruthy();
    expect(callsTo(fetchMock, `POST /api/admin/trades/${id(4)}/close`)).toEqual([
      { reason: 'Margin call agreed with the customer' },
    ]);
    expect(idempotencyKeys(fetchMock)).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    // The modal now shows the closed trade; the list follows.
    expect(await dialog.findByText('Closed by an administrator')).toBeTruthy();
    expect(dialog.queryByRole('button', { name: 'Close at market' })).toBeNull();
    await waitFor(() => expect(within(screen.getByRole('table')).getByText('Closed')).toBeTruthy());
  });

  test('a pasted close reason over 500 characters is kept whole and refused, not cut short', async () => {
    const open = running(6);
    const fetchMock = mockApi({
      'GET /api/admin/trades': pageReply([open]),
      [`GET /api/admin/trades/${id(6)}`]: { status: 200, body: detail(open) },
    });
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByText('user6@example.com'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Trade details' }));
    const reason = (await dialog.findByLabelText('Reason')) as HTMLTextAreaElement;
    reason.focus();
    await user.paste('x'.repeat(600));
    expect(reason.value).toHaveLength(600);
    await user.click(dialog.getByRole('button', { name: 'Close at market' }));
    expect(await dialog.findByText('The reason can be at most 500 characters')).toBeTruthy();
    expect(callsTo(fetchMock, `POST /api/admin/trades/${id(6)}/close`)).toHaveLength(0);
  });

  test('a refused close says why and keeps the modal open', async () => {
    const open = running(5);
    mockApi({
      'GET /api/admin/trades': pageReply([open]),
      [`GET /api/admin/trades/${id(5)}`]: { status: 200, body: detail(open, { priceStale: true }) },
      [`POST /api/admin/trades/${id(5)}/close`]: {
        status: 503,
        body: { code: 'PRICE_UNAVAILABLE', message: 'The price of EURUSD is not available at the moment' },
      },
    });
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByText('user5@example.com'));
    const dialog = within(await screen.findByRole('dialog', { name: 'Trade details' }));
    expect(await dialog.findByText(/This price is not updating at the moment/)).toBeTruthy();
    await user.type(dialog.getByLabelText('Reason'), 'Risk limit');
    await user.click(dialog.getByRole('button', { name: 'Close at market' }));
    expect(await screen.findByText('Failed to close trade')).toBeTruthy();
    expect(screen.getByText('The price of EURUSD is not available at the moment')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Trade details' })).toBeTruthy();
  });
});
