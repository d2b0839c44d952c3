import type { AdminUser } from '@candor/contracts/admin-users';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { buildAdminUser, buildBalances } from '../test/admin-users.ts';
import { buildApproval } from '../test/approvals.ts';
import { buildMe, callsTo, idempotencyKeys, mockApi, renderPages } from '../test/render-page.tsx';
import { AdminUserRoute } from './admin-user-route.tsx';

const ID = 'user-42';
const USER_URL = `GET /api/admin/users/${ID}`;
const ADJUST_URL = `POST /api/admin/users/${ID}/adjustments`;
const SETTINGS = { holdEnabled: false, holdReason: null, requireCode: false, updatedAt: null };

function buildUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return buildAdminUser({
    recentEntries: {
      items: [
        {
          id: '1',
          kind: 'deposit',
          createdAt: '2026-02-01T10:00:00.000Z',
          description: 'Deposit by Bitcoin(BTC)',
          availableChange: '1000.00',
          reservedChange: null,
          availableAfter: '1000.00',
          reservedAfter: '0.00',
          copiedFromProvider: null,
        },
      ],
      page: 1,
      pageCount: 1,
      total: 1,
    },
    ...overrides,
  });
}

function renderUserPage() {
  return renderPages([{ path: '/user/$id', component: AdminUserRoute }], `/user/${ID}`, {
    me: buildMe({ role: 'admin' }),
  });
}

/** Types into a field of the Manual adjustment form (Book external trade has a Reason too). */
async function fill(label: string | RegExp, value: string) {
  const user = userEvent.setup({ delay: null });
  const adjustment = within(await screen.findByRole('form', { name: 'Manual adjustment' }));
  const field = await adjustment.findByLabelText(label);
  await user.clear(field);
  if (value) await user.type(field, value);
}

/** Confirms the adjustment the confirmation dialog shows (the form's button only opens it). */
async function confirmAdjustment() {
  const dialog = within(await screen.findByRole('dialog', { name: 'Confirm manual adjustment' }));
  await userEvent.setup().click(dialog.getByRole('button', { name: /^(Credit|Debit) \$/ }));
}

describe('AdminUserPage', () => {
  test('shows the user, their balances and their latest ledger entries', async () => {
    mockApi({
      [USER_URL]: {
        status: 200,
        body: buildUser({
          balances: buildBalances({ available: '960.00', reserved: '40.00', total: '1000.00' }),
        }),
      },
      [`GET /api/admin/users/${ID}/withdrawal-settings`]: { status: 200, body: SETTINGS },
    });
    renderUserPage();
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeTruthy();
    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(profile.textContent).toContain('grace@example.com');
    expect(profile.textContent).toContain('StatusActive');

    const totalRegion = screen.getByRole('region', { name: 'Total balance' });
    // The total, not the available cash of the Users tab's Balance, and its label says so.
    expect(within(totalRegion).getByRole('heading', { name: 'Total balance' }).getAttribute('title')).toBe(
      "Available cash plus what is reserved for open trades and withdrawals. The Users tab's Balance is the available cash.",
    );
    const total = totalRegion.textContent;
    expect(total).toContain('$1,000.00');
    expect(total).toContain('Available $960.00 · Reserved $40.00');
    expect(screen.getByRole('region', { name: 'Deposit balance' }).textContent).toContain('$1,000.00');
    expect(screen.getByRole('region', { name: 'Profit balance' }).textContent).toContain('$0.00');

    const entries = screen.getByRole('table', { name: 'Recent ledger entries' });
    expect(within(entries).getByText('Deposit by Bitcoin(BTC)')).toBeTruthy();
    expect(within(entries).getByText('+$1,000.00')).toBeTruthy();
  });

  test("lists the user's open positions from the trades API, filtered by user and status, copies marked", async () => {
    const fetchMock = mockApi({
      [USER_URL]: { status: 200, body: buildUser() },
      [`GET /api/admin/users/${ID}/withdrawal-settings`]: { status: 200, body: SETTINGS },
      'GET /api/admin/trades': ({ url }) =>
        url.searchParams.get('origin') === 'desk'
          ? { status: 200, body: { items: [], page: 1, pageCount: 1, total: 0 } }
          : url.searchParams.get('userId') === ID && url.searchParams.get('status') === 'open'
            ? {
                status: 200,
                body: {
                  items: [
                    {
                      id: '5d6f0f1e-7f5a-4c3e-9f53-2f0c1b7a9e11',
                      symbol: 'BTCUSD',
                      instrumentClass: 'crypto',
                      direction: 'sell',
                      amount: '250.00',
                      lotSize: '3.00',
                      exposure: '750.00',
                      openPrice: '83441.78',
                      openedAt: '2026-11-22T14:37:00.000Z',
                      status: 'open',
                      closePrice: null,
                      closedAt: null,
                      result: null,
                      closedBy: null,
                      closeReason: null,
                      bookedByDesk: false,
                      desk: null,
                      priceSource: 'simulated',
                      openMidPrice: null,
                      closeMidPrice: null,
                      spread: null,
                      copiedFrom: {
                        providerName: 'Aurora FX',
                        providerTradeId: '5d6f0f1e-7f5a-4c3e-9f53-2f0c1b7a9e10',
                        openDelayMs: 2_300,
                        openPriceDifference: '-4.10',
                        closeDelayMs: null,
                        closePriceDifference: null,
                      },
                      userId: ID,
                      email: 'grace@example.com',
                      customerName: 'Grace Hopper',
                    },
                  ],
                  page: 1,
                  pageCount: 1,
                  total: 1,
                },
              }
            : { status: 400, body: { code: 'VALIDATION_FAILED', message: 'unexpected query' } },
    });
    renderUserPage();
    const positions = await screen.findByRole('region', { name: 'Open positions' });
    await waitFor(() => expect(within(positions).getByText('BTCUSD')).toBeTruthy());
    expect(within(positions).getByText('SELL')).toBeTruthy();
    expect(within(positions).getByText('$250.00')).toBeTruthy();
    expect(within(positions).getByText('$750.00')).toBeTruthy();
    // A copy names its provider and how far it opened from the provider's trade.
    expect(within(positions).getByText('Copied from Aurora FX')).toBeTruthy();
    expect(
      // A SELL that opened lower than the provider's sold for less: worse for the customer.
      within(positions).getByText('Opened 2.3 s after the provider, 4.10 worse than their price'),
    ).toBeTruthy();
    // One read for the open positions, one for the desk trades.
    expect(callsTo(fetchMock, 'GET /api/admin/trades')).toHaveLength(2);
  });

  test('a user without open trades shows "No open positions."', async () => {
    mockApi({
      [USER_URL]: { status: 200, body: buildUser() },
      [`GET /api/admin/users/${ID}/withdrawal-settings`]: { status: 200, body: SETTINGS },
      'GET /api/admin/trades': { status: 200, body: { items: [], page: 1, pageCount: 1, total: 0 } },
    });
    renderUserPage();
    const positions = await screen.findByRole('region', { name: 'Open positions' });
    await waitFor(() => expect(within(positions).getByText('No open positions.')).toBeTruthy());
  });

  test("a suspended user shows as Blocked, the Users tab's word, with the reason", async () => {
    mockApi({
      [USER_URL]: {
        status: 200,
        body: buildUser({ status: 'suspended', statusReason: 'Chargeback under review' }),
      },
      [`GET /api/admin/users/${ID}/withdrawal-settings`]: { status: 200, body: SETTINGS },
    });
    renderUserPage();
    const profile = await screen.findByRole('region', { name: 'Profile' });
    expect(profile.textContent).toContain('Blocked');
    expect(profile.textContent).toContain('Reason: Chargeback under review');
  });

  test.each([
    ['support', []],
    ['compliance', ['Withdrawal settings']],
    ['accountant', ['Manual adjustment', 'Book external trade']],
    ['admin', ['Manual adjustment', 'Withdrawal settings', 'Book external trade']],
  ] as const)('a %s sees only the money panels the role may use', async (role, panels) => {
    mockApi({
      [USER_URL]: { status: 200, body: buildUser() },
      [`GET /api/admin/users/${ID}/withdrawal-settings`]: { status: 200, body: SETTINGS },
    });
    renderPages([{ path: '/user/$id', component: AdminUserRoute }], `/user/${ID}`, {
      me: buildMe({ role }),
    });
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeTruthy();
    const shown = ['Manual adjustment', 'Withdrawal settings', 'Book external trade'].filter(
      (name) => screen.queryByRole('heading', { name }) !== null,
    );
    expect(shown).toEqual(panels);
  });

  test('an unknown user reads "User not found."', async () => {
    mockApi({ [USER_URL]: { status: 404, body: { code: 'USER_NOT_FOUND', message: 'User not found' } } });
    renderUserPage();
    expect(await screen.findByText('User not found.')).toBeTruthy();
    // Nothing about the account that is not there: no plans, loans or audit history, and no error.
    await waitFor(() => expect(screen.queryByText(/could not be loaded/)).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText('Audit history')).toBeNull();
  });

  test('a user without entries reads "No transactions yet."', async () => {
    mockApi({
      [USER_URL]: {
        status: 200,
        body: buildUser({ recentEntries: { items: [], page: 1, pageCount: 1, total: 0 } }),
      },
      [`GET /api/admin/users/${ID}/withdrawal-settings`]: { status: 200, body: SETTINGS },
    });
    renderUserPage();
    expect(await screen.findByText('No transactions yet.')).toBeTruthy();
  });
});

describe('manual adjustment', () => {
  test('requires an amount and a reason, and sends nothing until both are given', async () => {
    const fetchMock = mockApi({
      [USER_URL]: { status: 200, body: buildUser() },
      [`GET /api/admin/users/${ID}/withdrawal-settings`]: { status: 200, body: SETTINGS },
    });
    renderUserPage();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Credit balance' }));
    expect(await screen.findByText('Amount is required')).toBeTruthy();
    expect(screen.getByText('Reason is required')).toBeTruthy();

    await fill('Amount (USD)', '10.555');
    expect(await screen.findByText('Amounts have at most 2 decimals')).toBeTruthy();
    await fill('Reason', '   ');
    expect(screen.getByText('Reason is required')).toBeTruthy();
    expect(callsTo(fetchMock, ADJUST_URL)).toEqual([]);
  });

  test('a debit above the available balance is refused before it is sent', async () => {
    const fetchMock = mockApi({
      [USER_URL]: { status: 200, body: buildUser() },
      [`GET /api/admin/users/${ID}/withdrawal-settings`]: { status: 200, body: SETTINGS },
    });
    renderUserPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Debit' }));
    await fill('Amount (USD)', '1000.01');
    await fill('Reason', 'Reversal');
    await user.click(screen.getByRole('button', { name: 'Debit balance' }));
    expect(await screen.findByText('A debit cannot take the balance below zero')).toBeTruthy();
    expect(callsTo(fetchMock, ADJUST_URL)).toEqual([]);
  });

  test('a credit is sent with an Idempotency-Key, confirmed, and the page updates in place', async () => {
    let current = buildUser();
    const fetchMock = mockApi({
      [USER_URL]: () => ({ status: 200, body: current }),
      [`GET /api/admin/users/${ID}/withdrawal-settings`]: { status: 200, body: SETTINGS },
      [ADJUST_URL]: () => {
        const after = buildBalances({ available: '1250.50', total: '1250.50' });
        current = buildUser({ balances: after });
        return { status: 200, body: { state: 'completed', entryId: '2', approval: null, balances: after } };
      },
    });
    renderUserPage();
    await fill('Amount (USD)', '250.50');
    await fill('Reason', 'Compensation for the outage');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Credit balance' }));
    await confirmAdjustment();

    expect(await screen.findByText('Balance adjusted')).toBeTruthy();
    expect(callsTo(fetchMock, ADJUST_URL)).toEqual([
      { direction: 'credit', amount: '250.50', reason: 'Compensation for the outage' },
    ]);
    const [key] = idempotencyKeys(fetchMock, `/api/admin/users/${ID}/adjustments`);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Total balance' }).textContent).toContain('$1,250.50'),
    );
    expect((screen.getByLabelText('Amount (USD)') as HTMLInputElement).value).toBe('');
    const adjustment = within(screen.getByRole('form', { name: 'Manual adjustment' }));
    expect((adjustment.getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('');
  });

  test('above the four-eyes threshold it says "Awaiting second approval" and the balance stays', async () => {
    const fetchMock = mockApi({
      [USER_URL]: { status: 200, body: buildUser() },
      [`GET /api/admin/users/${ID}/withdrawal-settings`]: { status: 200, body: SETTINGS },
      [ADJUST_URL]: {
        status: 200,
        body: {
          state: 'awaiting_approval',
          entryId: null,
          approval: buildApproval(),
          balances: buildBalances(),
        },
      },
    });
    renderUserPage();
    await fill('Amount (USD)', '5000');
    await fill('Reason', 'Compensation for the outage');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Credit balance' }));
    await confirmAdjustment();

    expect(await screen.findByText('Awaiting second approval')).toBeTruthy();
    // Why it waits: the customer's adjustments and desk trades of the last 24 hours count with it.
    expect(
      screen.getByText(
        "With the customer's manual adjustments and desk trades of the last 24 hours (those still awaiting approval included), this adjustment is above the second approval threshold. Nothing moves until a second staff member approves it on the Approvals tab.",
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Balance adjusted')).toBeNull();
    expect(callsTo(fetchMock, ADJUST_URL)).toHaveLength(1);
    expect(screen.getByRole('region', { name: 'Total balance' }).textContent).toContain('$1,000.00');
  });

  test('a refused debit says "Transaction failed" with the reason; a retry reuses the key, a new one gets a new key', async () => {
    let answer: 'refuse' | 'network' | 'accept' = 'refuse';
    const fetchMock = mockApi({
      [USER_URL]: { status: 200, body: buildUser() },
      [`GET /api/admin/users/${ID}/withdrawal-settings`]: { status: 200, body: SETTINGS },
      [ADJUST_URL]: () =>
        answer === 'refuse'
          ? {
              status: 422,
              body: { code: 'INSUFFICIENT_FUNDS', message: 'A debit cannot take the balance below zero' },
            }
          : answer === 'network'
            ? {
                status: 503,
                body: { code: 'INTERNAL', message: 'Something went wrong. Please try again later.' },
              }
            : {
                status: 200,
                body: { state: 'completed', entryId: '9', approval: null, balances: buildBalances() },
              },
    });
    renderUserPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Debit' }));
    await fill('Amount (USD)', '5');
    await fill('Reason', 'Fee correction');
    await user.click(screen.getByRole('button', { name: 'Debit balance' }));
    await confirmAdjustment();

    expect(await screen.findByText('Transaction failed')).toBeTruthy();
    expect(screen.getAllByText('A debit cannot take the balance below zero').length).toBeGreaterThan(0);

    answer = 'network';
    await user.click(screen.getByRole('button', { name: 'Debit balance' }));
    await confirmAdjustment();
    await waitFor(() =>
      expect(idempotencyKeys(fetchMock, `/api/admin/users/${ID}/adjustments`)).toHaveLength(2),
    );

    answer = 'accept';
    await user.click(screen.getByRole('button', { name: 'Debit balance' }));
    await confirmAdjustment();
    expect(await screen.findByText('Balance adjusted')).toBeTruthy();

    await fill('Amount (USD)', '6');
    await fill('Reason', 'Another correction');
    await user.click(screen.getByRole('button', { name: 'Debit balance' }));
    await confirmAdjustment();
    await waitFor(() =>
      expect(idempotencyKeys(fetchMock, `/api/admin/users/${ID}/adjustments`)).toHaveLength(4),
    );

    const [first, second, third, fourth] = idempotencyKeys(fetchMock, `/api/admin/users/${ID}/adjustments`);
    expect(first).toBeTruthy();
    expect(second).toBe(first);
    expect(third).toBe(first);
    expect(fourth).not.toBe(first);
  });
});
