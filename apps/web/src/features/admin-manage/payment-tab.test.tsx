import { APPROVAL_MESSAGES, APPROVAL_REASON_MAX_LENGTH } from '@candor/contracts/approvals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { buildApproval } from '../../test/approvals.ts';
import { buildMe, callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { PaymentTab } from './payment-tab.tsx';

const BITCOIN = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const ETHEREUM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const NEW_USDT = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const SAVED = {
  bitcoin: BITCOIN,
  ethereum: ETHEREUM,
  usdt: USDT,
  updatedAt: '2026-01-15T09:30:00.000Z',
  pendingChange: null,
};
const EMPTY = { bitcoin: null, ethereum: null, usdt: null, updatedAt: null, pendingChange: null };
const REASON = 'Moved to the new exchange account';
/** The change of the USDT address, waiting for a second staff member. */
const PENDING = buildApproval({
  kind: 'wallet_change',
  userId: null,
  email: null,
  amount: null,
  direction: null,
  maker: { id: 'maker-1', name: 'Mona Maker', role: 'admin' },
  makerReason: REASON,
  walletChange: {
    before: { bitcoin: BITCOIN, ethereum: ETHEREUM, usdt: USDT },
    after: { bitcoin: BITCOIN, ethereum: ETHEREUM, usdt: NEW_USDT },
  },
});

function renderPayment() {
  return renderPages([{ path: '/all-user', component: PaymentTab }], '/all-user', {
    me: buildMe({ role: 'admin' }),
  });
}

function input(label: string): HTMLInputElement {
  return screen.getByRole('textbox', { name: label }) as HTMLInputElement;
}

function fieldValue(label: string): string {
  return input(label).value;
}

async function replace(label: string, value: string) {
  const user = userEvent.setup({ delay: null });
  const field = await screen.findByRole('textbox', { name: label });
  await user.clear(field);
  if (value) await user.type(field, value);
}

describe('PaymentTab', () => {
  test('shows a loader, then the current addresses and the seed note', async () => {
    const fetchMock = mockApi({ 'GET /api/admin/wallet-addresses': { status: 200, body: SAVED } });
    // The answer waits until the loader has been seen.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    vi.stubGlobal('fetch', async (...args: Parameters<typeof fetch>) => {
      await answered;
      return fetchMock(...args);
    });
    renderPayment();
    expect((await screen.findByRole('status')).textContent).toContain('Loading wallet addresses...');
    answer();
    await screen.findByLabelText('Bitcoin');
    expect(fieldValue('Bitcoin')).toBe(BITCOIN);
    expect(fieldValue('Ethereum')).toBe(ETHEREUM);
    expect(fieldValue('USDT (TRC-20)')).toBe(USDT);
    expect(
      screen.getByText(
        'Update your respective wallet address, ensure to confirm wallet address before client makes payment.',
      ),
    ).toBeTruthy();
  });

  test('refuses empty and malformed addresses without calling the server, then rechecks on change', async () => {
    const fetchMock = mockApi({ 'GET /api/admin/wallet-addresses': { status: 200, body: EMPTY } });
    renderPayment();
    await screen.findByLabelText('Bitcoin');
    expect(fieldValue('Bitcoin')).toBe('');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('Bitcoin address is required')).toBeTruthy();
    expect(screen.getByText('Reason is required')).toBeTruthy();
    expect(screen.getByText('Ethereum address is required')).toBeTruthy();
    expect(screen.getByText('USDT address is required')).toBeTruthy();

    await replace('Bitcoin', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx');
    expect(await screen.findByText('Enter a valid Bitcoin address')).toBeTruthy();
    await replace('Ethereum', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD');
    expect(await screen.findByText('Enter a valid Ethereum address')).toBeTruthy();
    await replace('USDT (TRC-20)', ETHEREUM);
    expect(await screen.findByText('Enter a valid USDT (TRC-20) address')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update' }));
    expect(callsTo(fetchMock, 'PUT /api/admin/wallet-addresses')).toEqual([]);

    await replace('Bitcoin', BITCOIN);
    expect(screen.queryByText('Enter a valid Bitcoin address')).toBeNull();
  });

  test('saves the trimmed addresses with the reason: the first addresses in force at once get the seed toast', async () => {
    let current: object = EMPTY;
    const fetchMock = mockApi({
      'GET /api/admin/wallet-addresses': () => ({ status: 200, body: current }),
      'PUT /api/admin/wallet-addresses': () => {
        current = SAVED;
        return { status: 200, body: { state: 'applied', addresses: SAVED } };
      },
    });
    const { queryClient } = renderPayment();
    await replace('Bitcoin', `  ${BITCOIN} `);
    await replace('Ethereum', ETHEREUM);
    await replace('USDT (TRC-20)', USDT);
    await replace('Reason', ` ${REASON} `);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('New wallet document created successfully!')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/admin/wallet-addresses')).toEqual([
      { bitcoin: BITCOIN, ethereum: ETHEREUM, usdt: USDT, reason: REASON },
    ]);
    expect(queryClient.getQueryData(['admin', 'wallet-addresses'])).toEqual(SAVED);
    expect(fieldValue('Bitcoin')).toBe(BITCOIN);
    expect(fieldValue('Reason')).toBe('');
  });

  test('a change of addresses in force, applied at once, says "Wallet updated successfully!"', async () => {
    mockApi({
      'GET /api/admin/wallet-addresses': { status: 200, body: SAVED },
      'PUT /api/admin/wallet-addresses': {
        status: 200,
        body: { state: 'applied', addresses: { ...SAVED, usdt: NEW_USDT } },
      },
    });
    renderPayment();
    await replace('USDT (TRC-20)', NEW_USDT);
    await replace('Reason', REASON);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Wallet updated successfully!')).toBeTruthy();
  });

  test('a change above the threshold carried out at once (nobody else can approve it) still says "Wallet updated successfully!", and why it did not wait', async () => {
    mockApi({
      'GET /api/admin/wallet-addresses': { status: 200, body: SAVED },
      'PUT /api/admin/wallet-addresses': {
        status: 200,
        body: { state: 'applied', addresses: { ...SAVED, usdt: NEW_USDT }, fourEyes: 'no_second_decider' },
      },
    });
    renderPayment();
    await replace('USDT (TRC-20)', NEW_USDT);
    await replace('Reason', REASON);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Wallet updated successfully!')).toBeTruthy();
    expect(
      screen.getByText(
        'Carried out without a second approval. No other staff member can approve this yet, so it did not wait. The audit log records why.',
      ),
    ).toBeTruthy();
  });

  test('a change that waits: says so, shows old and new side by side, and closes the form until decided', async () => {
    let current: object = SAVED;
    mockApi({
      'GET /api/admin/wallet-addresses': () => ({ status: 200, body: current }),
      'PUT /api/admin/wallet-addresses': () => {
        current = { ...SAVED, pendingChange: PENDING };
        return { status: 200, body: { state: 'awaiting_approval', addresses: current } };
      },
    });
    renderPayment();
    await replace('USDT (TRC-20)', NEW_USDT);
    await replace('Reason', REASON);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update' }));

    expect(
      await screen.findByText('Awaiting second approval', { selector: '[data-sonner-toast] *' }),
    ).toBeTruthy();
    const pending = within(await screen.findByRole('region', { name: 'Change awaiting approval' }));
    expect(pending.getByText('Mona Maker (Admin)')).toBeTruthy();
    expect(pending.getByText(`“${REASON}”`)).toBeTruthy();
    const usdt = within(pending.getByRole('rowgroup', { name: 'USDT (TRC-20)' }));
    expect(usdt.getByText('Changes')).toBeTruthy();
    expect(usdt.getByText(USDT)).toBeTruthy();
    expect(usdt.getByText(NEW_USDT)).toBeTruthy();
    expect(within(pending.getByRole('rowgroup', { name: 'Bitcoin' })).getByText('Unchanged')).toBeTruthy();
    // Customers still pay to the addresses in force, which the (closed) form shows.
    expect(fieldValue('USDT (TRC-20)')).toBe(USDT);
    expect(input('USDT (TRC-20)').matches(':disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Update' }).matches(':disabled')).toBe(true);
    expect(screen.queryByRole('textbox', { name: 'Reason' })).toBeNull();
  });

  test('the addresses in force already: told nothing changed', async () => {
    mockApi({
      'GET /api/admin/wallet-addresses': { status: 200, body: SAVED },
      'PUT /api/admin/wallet-addresses': { status: 200, body: { state: 'unchanged', addresses: SAVED } },
    });
    renderPayment();
    await replace('Reason', REASON);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('These addresses are already in force: nothing changed.')).toBeTruthy();
  });

  test('a refused update names the server message', async () => {
    mockApi({
      'GET /api/admin/wallet-addresses': { status: 200, body: SAVED },
      'PUT /api/admin/wallet-addresses': {
        status: 403,
        body: { code: 'FORBIDDEN', message: 'Administrators only' },
      },
    });
    renderPayment();
    await replace('Reason', REASON);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Failed to update addresses: Administrators only')).toBeTruthy();
  });

  test('a failed load offers to try again', async () => {
    let fail = true;
    mockApi({
      'GET /api/admin/wallet-addresses': () =>
        fail
          ? { status: 500, body: { code: 'INTERNAL', message: 'Internal Server Error' } }
          : { status: 200, body: SAVED },
    });
    renderPayment();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The wallet addresses could not be loaded.',
    );
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByLabelText('Bitcoin');
    expect(fieldValue('Bitcoin')).toBe(BITCOIN);
  });

  test('a pasted reason longer than the limit is kept as pasted and said to be too long, not cut short', async () => {
    const fetchMock = mockApi({ 'GET /api/admin/wallet-addresses': { status: 200, body: SAVED } });
    renderPayment();
    await replace('USDT (TRC-20)', NEW_USDT);
    const user = userEvent.setup();
    const reason = (await screen.findByRole('textbox', { name: 'Reason' })) as HTMLTextAreaElement;
    await user.click(reason);
    await user.paste('r'.repeat(APPROVAL_REASON_MAX_LENGTH + 50));
    expect(reason.value).toHaveLength(APPROVAL_REASON_MAX_LENGTH + 50);
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(APPROVAL_MESSAGES.reasonTooLong)).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/admin/wallet-addresses')).toEqual([]);
  });
});
