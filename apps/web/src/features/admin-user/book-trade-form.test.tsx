import type { AdminTrade } from '@candor/contracts/admin-trades';
import type { AdminUser } from '@candor/contracts/admin-users';
import { BOOKING_WINDOW_DAYS } from '@candor/domain/trading/booking-times';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { buildAdminUser, buildBalances } from '../../test/admin-users.ts';
import { buildApproval } from '../../test/approvals.ts';
import { buildMe, callsTo, idempotencyKeys, mockApi, renderPages } from '../../test/render-page.tsx';
import { AdminUserPage } from './admin-user-page.tsx';
import { readUtcInput } from './book-trade-form-schema.ts';

const ID = 'user-42';
const BOOK_URL = `POST /api/admin/users/${ID}/trades`;
const INSTRUMENTS = {
  items: [
    { symbol: 'EURUSD', class: 'forex', name: 'Euro / US Dollar', pricePrecision: 5 },
    { symbol: 'BTCUSD', class: 'crypto', name: 'Bitcoin / US Dollar', pricePrecision: 2 },
    { symbol: 'AAPL', class: 'stock', name: 'Apple Inc.', pricePrecision: 2 },
  ],
};

const TERMS_URL = `GET /api/admin/users/${ID}/trading-terms`;
/** The customer's terms: the Zero package's 1:200. */
const TERMS = {
  status: 200,
  body: {
    maxLeverage: 200,
    forexSpreadPips: '1.2',
    otherSpreadPercent: '0.12',
    source: 'package',
    packageName: 'Zero',
    expiresAt: null,
  },
};

/** A customer since 2026-01-15 09:30 UTC. */
function buildUser(profit = '0.00', createdAt = '2026-01-15T09:30:00.000Z'): AdminUser {
  return buildAdminUser({ balances: buildBalances({ profit }), createdAt });
}

function bookedTrade(): AdminTrade {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    userId: ID,
    email: 'grace@example.com',
    customerName: 'Grace Hopper',
    symbol: 'BTCUSD',
    instrumentClass: 'crypto',
    direction: 'sell',
    amount: '250.00',
    lotSize: '2.00',
    exposure: '500.00',
    openPrice: '67234.12',
    openedAt: '2026-03-04T14:05:00.000Z',
    status: 'closed',
    closePrice: '67000.00',
    closedAt: '2026-03-04T15:30:00.000Z',
    result: '1.74',
    closedBy: 'desk',
    closeReason: null,
    openMidPrice: null,
    closeMidPrice: null,
    spread: null,
    copiedFrom: null,
    bookedByDesk: true,
    desk: {
      status: 'proposed',
      reason: 'Executed by phone',
      bookedAt: '2026-03-05T09:00:00.000Z',
      expiresAt: '2026-03-12T09:00:00.000Z',
      decidedAt: null,
    },
    priceSource: 'simulated',
  };
}

function renderUserPage() {
  return renderPages(
    [{ path: '/user/$id', component: () => <AdminUserPage entriesTable={() => null} /> }],
    `/user/${ID}`,
    {
      me: buildMe({ role: 'admin' }),
    },
  );
}

function form() {
  return within(screen.getByRole('form', { name: 'Book external trade' }));
}

async function fillTrade() {
  const user = userEvent.setup();
  const booking = form();
  await waitFor(() =>
    expect(booking.getByRole('option', { name: 'BTCUSD — Bitcoin / US Dollar' })).toBeTruthy(),
  );
  await user.selectOptions(booking.getByLabelText('Instrument'), 'BTCUSD');
  await user.click(booking.getByRole('radio', { name: 'Sell' }));
  await user.type(booking.getByLabelText('Trade amount (USD)'), '250');
  await user.clear(booking.getByLabelText('Lot size'));
  await user.type(booking.getByLabelText('Lot size'), '2');
  fireEvent.change(booking.getByLabelText('Open time (UTC)'), { target: { value: '2026-03-04T14:05' } });
  await user.type(booking.getByLabelText('Open price'), '67234.12');
  fireEvent.change(booking.getByLabelText('Close time (UTC)'), { target: { value: '2026-03-04T15:30' } });
  await user.type(booking.getByLabelText('Close price'), '67000');
  await user.type(booking.getByLabelText('Reason'), 'Executed by phone');
}

describe('readUtcInput', () => {
  test('reads a datetime-local value as UTC, to the minute', () => {
    expect(readUtcInput('2026-03-04T14:05')).toBe('2026-03-04T14:05:00.000Z');
    expect(readUtcInput('2026-03-04T14:05:59')).toBe('2026-03-04T14:05:00.000Z');
    expect(readUtcInput('')).toBe('');
  });
});

describe('Book external trade', () => {
  // The booking form's "now": the day after the trades booked here (2026-03-04).
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.parse('2026-03-05T09:00:00.000Z'), toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('says the times are UTC and checks every field before sending', async () => {
    const fetchMock = mockApi({
      [`GET /api/admin/users/${ID}`]: { status: 200, body: buildUser() },
      'GET /api/instruments': { status: 200, body: INSTRUMENTS },
      [TERMS_URL]: TERMS,
    });
    renderUserPage();
    expect(await screen.findByRole('heading', { name: 'Book external trade' })).toBeTruthy();
    const booking = form();
    expect(booking.getByText(/Times are in/).textContent).toContain('UTC');
    expect(booking.getByLabelText('Open time (UTC)').getAttribute('type')).toBe('datetime-local');
    // No profit or loss to type: the result comes from the prices.
    expect(booking.queryByLabelText(/profit|loss|result/i)).toBeNull();

    const user = userEvent.setup();
    await user.clear(booking.getByLabelText('Lot size'));
    await user.type(booking.getByLabelText('Lot size'), 'abc');
    await user.click(booking.getByRole('button', { name: 'Book trade' }));
    expect(await booking.findByText('Choose an asset', { selector: '[role="alert"]' })).toBeTruthy();
    expect(booking.getByText('Amount is required')).toBeTruthy();
    expect(booking.getByText('Lot size must be a number')).toBeTruthy();
    expect(booking.getByText('Open time is required')).toBeTruthy();
    expect(booking.getByText('Enter the open price as a positive number, such as 67050.25')).toBeTruthy();
    expect(booking.getByText('Close time is required')).toBeTruthy();
    expect(booking.getByText('Enter the close price as a positive number, such as 68050.75')).toBeTruthy();
    expect(booking.getByText('Reason is required')).toBeTruthy();

    await fillTrade();
    fireEvent.change(booking.getByLabelText('Close time (UTC)'), { target: { value: '2026-03-04T14:00' } });
    await user.click(booking.getByRole('button', { name: 'Book trade' }));
    expect(await booking.findByText('The close time must be after the open time')).toBeTruthy();
    expect(callsTo(fetchMock, BOOK_URL)).toHaveLength(0);
  });

  test('proposes the trade with its reason and an Idempotency-Key; the desk trades list shows it awaiting', async () => {
    let booked = false;
    const fetchMock = mockApi({
      [`GET /api/admin/users/${ID}`]: { status: 200, body: buildUser() },
      'GET /api/instruments': { status: 200, body: INSTRUMENTS },
      [TERMS_URL]: TERMS,
      'GET /api/admin/trades': ({ url }) => {
        const desk = url.searchParams.get('origin') === 'desk';
        const items = desk && booked ? [bookedTrade()] : [];
        return { status: 200, body: { items, page: 1, pageCount: 1, total: items.length } };
      },
      [BOOK_URL]: () => {
        booked = true;
        return { status: 200, body: { state: 'proposed', trade: bookedTrade(), approval: null } };
      },
    });
    renderUserPage();
    await screen.findByRole('heading', { name: 'Book external trade' });
    expect(await screen.findByText('No trades booked by the desk.')).toBeTruthy();
    await fillTrade();
    await userEvent.setup().click(form().getByRole('button', { name: 'Book trade' }));

    expect(await screen.findByText('Trade proposed to the customer')).toBeTruthy();
    expect(
      screen.getByText('BTCUSD with a result of +$1.74: it is posted once the customer accepts it'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, BOOK_URL)).toEqual([
      {
        symbol: 'BTCUSD',
        direction: 'sell',
        amount: '250',
        lotSize: '2',
        openedAt: '2026-03-04T14:05:00.000Z',
        openPrice: '67234.12',
        closedAt: '2026-03-04T15:30:00.000Z',
        closePrice: '67000',
        reason: 'Executed by phone',
      },
    ]);
    expect(idempotencyKeys(fetchMock, `/api/admin/users/${ID}/trades`)[0]).toMatch(/^[0-9a-f-]{36}$/);
    // Nothing was posted: the profit balance stays; the proposal shows awaiting the customer.
    const deskTrades = within(screen.getByRole('region', { name: 'Desk trades' }));
    expect(await deskTrades.findByText(/^Awaiting acceptance until/)).toBeTruthy();
    expect(deskTrades.getByText('Executed by phone')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Profit balance' }).textContent).toContain('$0.00');
    expect((form().getByLabelText('Open price') as HTMLInputElement).value).toBe('');
  });

  test('above the second approval threshold: "Awaiting second approval", and Desk trades shows it waiting, not proposed', async () => {
    const waiting = buildApproval({
      kind: 'desk_trade',
      userId: ID,
      email: 'grace@example.com',
      amount: '1740.00',
      direction: null,
      deskTrade: {
        symbol: 'BTCUSD',
        direction: 'sell',
        amount: '250.00',
        lotSize: '2.00',
        openedAt: '2026-03-04T14:05:00.000Z',
        openPrice: '67234.12',
        closedAt: '2026-03-04T15:30:00.000Z',
        closePrice: '67000',
        result: '1740.00',
      },
      maker: { id: 'me', name: 'Mona Maker', role: 'admin' },
      makerReason: 'Executed by phone',
    });
    let booked = false;
    mockApi({
      [`GET /api/admin/users/${ID}`]: { status: 200, body: buildUser() },
      'GET /api/instruments': { status: 200, body: INSTRUMENTS },
      [TERMS_URL]: TERMS,
      'GET /api/admin/trades': { status: 200, body: { items: [], page: 1, pageCount: 1, total: 0 } },
      [`GET /api/admin/users/${ID}/waiting-desk-trades`]: () => ({
        status: 200,
        body: { items: booked ? [waiting] : [] },
      }),
      [BOOK_URL]: () => {
        booked = true;
        return { status: 200, body: { state: 'awaiting_approval', trade: null, approval: waiting } };
      },
    });
    renderUserPage();
    await screen.findByRole('heading', { name: 'Book external trade' });
    expect(await screen.findByText('No trades booked by the desk.')).toBeTruthy();
    await fillTrade();
    await userEvent.setup().click(form().getByRole('button', { name: 'Book trade' }));

    expect(
      await screen.findByText('Awaiting second approval', { selector: '[data-sonner-toast] *' }),
    ).toBeTruthy();
    // Why it waits: the 24-hour total of what staff moved for the customer counts, not the result alone.
    expect(
      screen.getByText(
        "With the customer's manual adjustments and desk trades of the last 24 hours (those still awaiting approval included), this result is above the second approval threshold. Nothing reaches the customer until a second staff member approves it on the Approvals tab.",
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Trade proposed to the customer')).toBeNull();
    const deskTrades = within(screen.getByRole('region', { name: 'Desk trades' }));
    const row = within(
      (
        await deskTrades.findByText('Booked by Mona Maker; the customer is not told until it is approved')
      ).closest('tr') as HTMLElement,
    );
    expect(row.getByText('Awaiting second approval')).toBeTruthy();
    expect(row.getByText('BTCUSD')).toBeTruthy();
    expect(row.getByText('+$1,740.00')).toBeTruthy();
    expect(row.getByText('Executed by phone')).toBeTruthy();
    expect(deskTrades.queryByText(/^Awaiting acceptance/)).toBeNull();
  });

  test('the form says the 24-hour total counts towards the second approval threshold', async () => {
    mockApi({
      [`GET /api/admin/users/${ID}`]: { status: 200, body: buildUser() },
      'GET /api/instruments': { status: 200, body: INSTRUMENTS },
      [TERMS_URL]: TERMS,
      'GET /api/admin/trades': { status: 200, body: { items: [], page: 1, pageCount: 1, total: 0 } },
      [`GET /api/admin/users/${ID}/waiting-desk-trades`]: { status: 200, body: { items: [] } },
    });
    renderUserPage();
    await screen.findByRole('heading', { name: 'Book external trade' });
    expect(
      form().getByText(/with the customer's manual adjustments and desk trades of the last 24 hours/),
    ).toBeTruthy();
  });

  test('a booking that expired waiting is listed as expired on Desk trades, for staff only', async () => {
    const expired = buildApproval({
      kind: 'desk_trade',
      status: 'expired',
      userId: ID,
      email: 'grace@example.com',
      amount: '1740.00',
      direction: null,
      deskTrade: {
        symbol: 'BTCUSD',
        direction: 'sell',
        amount: '250.00',
        lotSize: '2.00',
        openedAt: '2026-03-04T14:05:00.000Z',
        openPrice: '67234.12',
        closedAt: '2026-03-04T15:30:00.000Z',
        closePrice: '67000',
        result: '1740.00',
      },
      maker: { id: 'me', name: 'Mona Maker', role: 'admin' },
      makerReason: 'Executed by phone',
      checker: { id: 'system', name: 'system', role: 'system' },
      checkerReason:
        'Its open time is now more than 7 days back, outside the booking window: it can no longer be approved.',
      decidedAt: '2026-03-11T14:10:00.000Z',
    });
    mockApi({
      [`GET /api/admin/users/${ID}`]: { status: 200, body: buildUser() },
      'GET /api/instruments': { status: 200, body: INSTRUMENTS },
      [TERMS_URL]: TERMS,
      'GET /api/admin/trades': { status: 200, body: { items: [], page: 1, pageCount: 1, total: 0 } },
      [`GET /api/admin/users/${ID}/waiting-desk-trades`]: { status: 200, body: { items: [expired] } },
    });
    renderUserPage();
    const deskTrades = within(await screen.findByRole('region', { name: 'Desk trades' }));
    const row = within(
      (
        await deskTrades.findByText(
          'Booked by Mona Maker; its open left the 7-day booking window before it was approved. The customer was never told.',
        )
      ).closest('tr') as HTMLElement,
    );
    expect(row.getByText('Expired')).toBeTruthy();
    expect(row.getByText('+$1,740.00')).toBeTruthy();
    expect(row.queryByText('Awaiting second approval')).toBeNull();
  });

  test('shows a refusal naming no field under the form; the same submission tried again reuses its key', async () => {
    const message = 'No recorded prices for 2026-03-04 14:05 UTC';
    const fetchMock = mockApi({
      [`GET /api/admin/users/${ID}`]: { status: 200, body: buildUser() },
      'GET /api/instruments': { status: 200, body: INSTRUMENTS },
      [TERMS_URL]: TERMS,
      [BOOK_URL]: { status: 400, body: { code: 'VALIDATION_FAILED', message } },
    });
    renderUserPage();
    await screen.findByRole('heading', { name: 'Book external trade' });
    await fillTrade();
    const user = userEvent.setup();
    await user.click(form().getByRole('button', { name: 'Book trade' }));
    expect(await form().findByText(message)).toBeTruthy();
    expect(form().getByText(message).getAttribute('role')).toBe('alert');
    expect(await screen.findByText('Failed to book the trade')).toBeTruthy();

    await user.click(form().getByRole('button', { name: 'Book trade' }));
    await waitFor(() => expect(idempotencyKeys(fetchMock, `/api/admin/users/${ID}/trades`)).toHaveLength(2));
    const [first, second] = idempotencyKeys(fetchMock, `/api/admin/users/${ID}/trades`);
    expect(second).toBe(first);
  });

  test('a refusal of the server that names a field stands beside that field', async () => {
    const message = "The open price must be between 67100.00 and 67180.00 (the minute's range ± 0.1%)";
    mockApi({
      [`GET /api/admin/users/${ID}`]: { status: 200, body: buildUser() },
      'GET /api/instruments': { status: 200, body: INSTRUMENTS },
      [TERMS_URL]: TERMS,
      [BOOK_URL]: { status: 400, body: { code: 'VALIDATION_FAILED', message } },
    });
    renderUserPage();
    await screen.findByRole('heading', { name: 'Book external trade' });
    await fillTrade();
    await userEvent.setup().click(form().getByRole('button', { name: 'Book trade' }));
    expect(await screen.findByText('Failed to book the trade')).toBeTruthy();
    expect(describedBy(form().getByLabelText('Open price'))).toBe(message);
    expect(form().getByLabelText('Open price').getAttribute('aria-invalid')).toBe('true');
  });

  test("refuses beside the field, sending nothing: an open before the account was created, a lot above the customer's leverage", async () => {
    const fetchMock = mockApi({
      [`GET /api/admin/users/${ID}`]: { status: 200, body: buildUser('0.00', '2026-03-04T14:20:30.000Z') },
      'GET /api/instruments': { status: 200, body: INSTRUMENTS },
      [TERMS_URL]: TERMS,
    });
    renderUserPage();
    await screen.findByRole('heading', { name: 'Book external trade' });
    const booking = form();
    expect(booking.getByText(/The open time can be at most 7 days back/).textContent).toContain(
      "not before the customer's account was created (2026-03-04 14:20 UTC)",
    );
    expect(
      await booking.findByText("At most 200: the customer's maximum leverage (Zero package)"),
    ).toBeTruthy();
    await fillTrade();
    const user = userEvent.setup();
    const submit = () => user.click(booking.getByRole('button', { name: 'Book trade' }));

    // The trade opened at 14:05, before the account was created at 14:20.
    await submit();
    await waitFor(() =>
      expect(describedBy(booking.getByLabelText('Open time (UTC)'))).toBe(
        "The open time cannot be before the customer's account was created (2026-03-04 14:20 UTC)",
      ),
    );
    // Within the times, a lot above the customer's 1:200.
    fireEvent.change(booking.getByLabelText('Open time (UTC)'), { target: { value: '2026-03-04T14:21' } });
    await user.clear(booking.getByLabelText('Lot size'));
    await user.type(booking.getByLabelText('Lot size'), '200.5');
    await submit();
    await waitFor(() =>
      expect(describedBy(booking.getByLabelText('Lot size'))).toBe(
        "Lot size can be at most 200 (the customer's maximum leverage)",
      ),
    );
    expect(callsTo(fetchMock, BOOK_URL)).toHaveLength(0);
  });

  test(`refuses an open more than ${BOOKING_WINDOW_DAYS} days back beside the open time, sending nothing`, async () => {
    const fetchMock = mockApi({
      [`GET /api/admin/users/${ID}`]: { status: 200, body: buildUser() },
      'GET /api/instruments': { status: 200, body: INSTRUMENTS },
      [TERMS_URL]: TERMS,
    });
    renderUserPage();
    await screen.findByRole('heading', { name: 'Book external trade' });
    await fillTrade();
    const booking = form();
    // A week and a day before now (2026-03-05 09:00).
    fireEvent.change(booking.getByLabelText('Open time (UTC)'), { target: { value: '2026-02-25T09:00' } });
    await userEvent.setup().click(booking.getByRole('button', { name: 'Book trade' }));
    await waitFor(() =>
      expect(describedBy(booking.getByLabelText('Open time (UTC)'))).toBe(
        'The open time can be at most 7 days back: 2026-02-26 09:00 UTC or later',
      ),
    );
    expect(callsTo(fetchMock, BOOK_URL)).toHaveLength(0);
  });
});

/** The message a control is described by: its error (or hint) beside it. */
function describedBy(control: HTMLElement): string | null | undefined {
  const id = control.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : null;
}
