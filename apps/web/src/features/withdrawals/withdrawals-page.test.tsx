import { ACCOUNT_SECURITY_MESSAGES } from '@candor/contracts/account-security';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { recordId as id } from '../../test/record-id.ts';
import { buildMe, callsTo, idempotencyKeys, mockApi, renderPages } from '../../test/render-page.tsx';
import { buildWithdrawal } from '../../test/withdrawals.ts';
import { WithdrawalsPage } from './withdrawals-page.tsx';

function withdrawal(n: number, overrides: object = {}) {
  return buildWithdrawal({
    id: id(n),
    amount: '1234.50',
    fee: '30.86',
    net: '1203.64',
    method: 'crypto',
    details: { coin: 'bitcoin', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' },
    ...overrides,
  });
}

function renderList() {
  return renderPages(
    [
      { path: '/withdrawals', component: WithdrawalsPage },
      { path: '/select-withdrawal', component: () => <p>Select withdrawal marker</p> },
    ],
    '/withdrawals',
    { me: buildMe() },
  );
}

describe('WithdrawalsPage', () => {
  test('no withdrawals: "No withdrawals yet." and the Make withdrawal button', async () => {
    mockApi({
      'GET /api/withdrawals': { status: 200, body: { items: [], page: 1, pageCount: 1, total: 0 } },
    });
    const { router } = renderList();
    expect(await screen.findByText('No withdrawals yet.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Make withdrawal' }));
    expect(await screen.findByText('Select withdrawal marker')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/select-withdrawal');
  });

  test('each row: AMOUNT, the account, method and destination, fee and net, status with its reason', async () => {
    mockApi({
      'GET /api/withdrawals': {
        status: 200,
        body: {
          items: [
            withdrawal(1, { status: 'awaiting_confirmation', codeExpiresAt: '2026-03-04T12:10:00.000Z' }),
            withdrawal(2, { status: 'on_hold', holdReason: 'Identity check in progress' }),
            withdrawal(3, { method: 'paypal', details: { email: 'ada@paypal.example' } }),
            withdrawal(4, { status: 'approved', method: 'cashapp', details: { cashtag: '$ada_22' } }),
            withdrawal(5, { status: 'rejected', rejectionReason: 'Name does not match' }),
          ],
          page: 1,
          pageCount: 2,
          total: 6,
        },
      },
    });
    const { router } = renderList();
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(5);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('AMOUNT $1,234.50')).toBeTruthy();
    expect(first.getByText('TRADING BALANCE WITHDRAWAL')).toBeTruthy();
    expect(first.getByText('Bitcoin(BTC) · bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBeTruthy();
    expect(first.getByText('Fee $30.86 (2.5%) · You receive $1,203.64')).toBeTruthy();
    expect(first.getByText('Awaiting confirmation')).toBeTruthy();

    const second = within(rows[1] as HTMLElement);
    expect(second.getByText('On hold')).toBeTruthy();
    expect(second.getByText('Reason: Identity check in progress')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Pending')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Paypal · ada@paypal.example')).toBeTruthy();
    expect(within(rows[3] as HTMLElement).getByText('Approved')).toBeTruthy();
    expect(within(rows[4] as HTMLElement).getByText('Rejected')).toBeTruthy();
    expect(within(rows[4] as HTMLElement).getByText('Reason: Name does not match')).toBeTruthy();
    // A rejection stands between the customer and their money, as a hold does: the same line.
    expect(within(rows[4] as HTMLElement).getByText('No payment is ever needed to withdraw.')).toBeTruthy();
    expect(within(rows[3] as HTMLElement).queryByText(/No payment is ever needed/)).toBeNull();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();

    await userEvent.setup().click(first.getByRole('link', { name: 'Enter the confirmation code' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/select-withdrawal'));
    expect(router.state.location.search).toEqual({ confirm: id(1) });
  });

  test('an unknown status shows Unknown', async () => {
    mockApi({
      'GET /api/withdrawals': {
        status: 200,
        body: { items: [withdrawal(1, { status: 'lost_in_space' })], page: 1, pageCount: 1, total: 1 },
      },
    });
    renderList();
    expect(await screen.findByText('Unknown')).toBeTruthy();
  });

  test('pages through with Previous and Next, five a page from the server', async () => {
    const fetchMock = mockApi({
      'GET /api/withdrawals': ({ url }) => {
        const page = Number(url.searchParams.get('page'));
        return {
          status: 200,
          body: {
            items: [withdrawal(page, { amount: page === 1 ? '10.00' : '20.00' })],
            page,
            pageCount: 2,
            total: 6,
          },
        };
      },
    });
    renderList();
    expect(await screen.findByText('AMOUNT $10.00')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('AMOUNT $20.00')).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    const pages = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/withdrawals')
      .map((url) => url.searchParams.get('page'));
    expect([...new Set(pages)]).toEqual(['1', '2']);
  });
});

describe('no withdrawal is a hostage', () => {
  test('a held request shows the no-payment notice and can be cancelled after a confirmation', async () => {
    let cancelled = false;
    const held = withdrawal(1, { status: 'on_hold', holdReason: 'Pay a $500 release fee' });
    const fetchMock = mockApi({
      'GET /api/withdrawals': () => ({
        status: 200,
        body: {
          items: [cancelled ? { ...held, status: 'cancelled', holdReason: null } : held],
          page: 1,
          pageCount: 1,
          total: 1,
        },
      }),
      'POST /api/withdrawals/00000000-0000-4000-8000-000000000001/cancel': () => {
        cancelled = true;
        return { status: 200, body: { ...held, status: 'cancelled', holdReason: null } };
      },
    });
    renderList();
    const row = within((await screen.findAllByRole('listitem'))[0] as HTMLElement);
    expect(row.getByText('Reason: Pay a $500 release fee')).toBeTruthy();
    expect(
      row.getByText(
        'No payment is ever needed to withdraw. You can cancel this request at any time and the amount returns to your balance.',
      ),
    ).toBeTruthy();
    const user = userEvent.setup();
    const cancel = row.getByRole('button', { name: 'Cancel the withdrawal of $1,234.50' });
    // A tap target at least 44 px high on a phone.
    expect(cancel.className.split(' ')).toContain('min-h-11');
    await user.click(cancel);
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel withdrawal' }));
    await user.click(dialog.getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      callsTo(fetchMock, 'POST /api/withdrawals/00000000-0000-4000-8000-000000000001/cancel'),
    ).toHaveLength(0);

    await user.click(row.getByRole('button', { name: 'Cancel the withdrawal of $1,234.50' }));
    const asked = within(await screen.findByRole('dialog', { name: 'Cancel withdrawal' }));
    // The second click of the double click that opened the dialog, landing on its confirm button on a
    // phone, cancels nothing: the question is there to be read.
    fireEvent.click(asked.getByRole('button', { name: 'Cancel withdrawal' }), { detail: 2 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(
      callsTo(fetchMock, 'POST /api/withdrawals/00000000-0000-4000-8000-000000000001/cancel'),
    ).toHaveLength(0);
    await user.click(asked.getByRole('button', { name: 'Cancel withdrawal' }));
    expect(await screen.findByText('Cancelled by you')).toBeTruthy();
    expect(
      idempotencyKeys(fetchMock, '/api/withdrawals/00000000-0000-4000-8000-000000000001/cancel'),
    ).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Cancel the withdrawal/ })).toBeNull();
  });

  test('decided rows have no Cancel button', async () => {
    mockApi({
      'GET /api/withdrawals': {
        status: 200,
        body: {
          items: [withdrawal(1, { status: 'approved' }), withdrawal(2, { status: 'rejected' })],
          page: 1,
          pageCount: 1,
          total: 2,
        },
      },
    });
    renderList();
    await screen.findAllByRole('listitem');
    expect(screen.queryByRole('button', { name: /Cancel the withdrawal/ })).toBeNull();
  });

  test('a frozen account sees why, and unfreezes with its password', async () => {
    let frozen = true;
    const protection = () => ({
      frozen,
      frozenAt: frozen ? '2026-03-04T12:00:00.000Z' : null,
      waitUntil: null,
      waitCause: null,
      message: frozen ? 'Withdrawals are frozen on this account.' : null,
    });
    const fetchMock = mockApi({
      'GET /api/withdrawals': { status: 200, body: { items: [], page: 1, pageCount: 1, total: 0 } },
      'GET /api/withdrawals/protection': () => ({ status: 200, body: protection() }),
      'POST /api/account/withdrawal-freeze/unfreeze': () => {
        frozen = false;
        return { status: 200, body: protection() };
      },
    });
    renderList();
    const panel = within(await screen.findByRole('region', { name: 'Withdrawals frozen' }));
    const user = userEvent.setup();
    await user.type(panel.getByLabelText('Your password'), 'my-password');
    await user.click(panel.getByRole('button', { name: 'Unfreeze withdrawals' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Withdrawals frozen' })).toBeNull());
    expect(callsTo(fetchMock, 'POST /api/account/withdrawal-freeze/unfreeze')).toEqual([
      { password: 'my-password' },
    ]);
  });

  test('a double click on Unfreeze withdrawals unfreezes once and says so once', async () => {
    let frozen = true;
    const protection = () => ({
      frozen,
      frozenAt: frozen ? '2026-03-04T12:00:00.000Z' : null,
      waitUntil: null,
      waitCause: null,
      message: frozen ? 'Withdrawals are frozen on this account.' : null,
    });
    const fetchMock = mockApi({
      'GET /api/withdrawals': { status: 200, body: { items: [], page: 1, pageCount: 1, total: 0 } },
      'GET /api/withdrawals/protection': () => ({ status: 200, body: protection() }),
      'POST /api/account/withdrawal-freeze/unfreeze': () => {
        if (!frozen) return { status: 409, body: { message: 'Withdrawals are not frozen.' } };
        frozen = false;
        return { status: 200, body: protection() };
      },
    });
    renderList();
    const panel = within(await screen.findByRole('region', { name: 'Withdrawals frozen' }));
    await userEvent.setup().type(panel.getByLabelText('Your password'), 'my-password');
    const button = panel.getByRole('button', { name: 'Unfreeze withdrawals' });

    // Both clicks land before the button shows it is busy.
    fireEvent.click(button);
    fireEvent.click(button);

    expect(await screen.findByText(ACCOUNT_SECURITY_MESSAGES.unfrozen)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Withdrawals frozen' })).toBeNull());
    expect(callsTo(fetchMock, 'POST /api/account/withdrawal-freeze/unfreeze')).toHaveLength(1);
    expect(screen.getAllByText(ACCOUNT_SECURITY_MESSAGES.unfrozen)).toHaveLength(1);
  });

  test('during the 24-hour wait the page says why and until when', async () => {
    mockApi({
      'GET /api/withdrawals': { status: 200, body: { items: [], page: 1, pageCount: 1, total: 0 } },
      'GET /api/withdrawals/protection': {
        status: 200,
        body: {
          frozen: false,
          frozenAt: null,
          waitUntil: '2026-03-05T12:00:00.000Z',
          waitCause: 'password_change',
          message: 'For your protection, new withdrawals wait 24 hours because your password was changed.',
        },
      },
    });
    renderList();
    expect(await screen.findByText('Withdrawals are paused')).toBeTruthy();
    expect(
      screen.getByText(
        'For your protection, new withdrawals wait 24 hours because your password was changed.',
      ),
    ).toBeTruthy();
  });
});
