import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test } from 'vitest';
import { buildMe, callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { settingsReply } from '../../test/site-settings.ts';
import { buildWithdrawal } from '../../test/withdrawals.ts';
import { SelectWithdrawalPage } from './select-withdrawal-page.tsx';
import { SelectWithdrawalSearchSchema } from './select-withdrawal-search.ts';

const ID = '00000000-0000-4000-8000-000000000001';
const TERMS = {
  minWithdrawal: '10.00',
  withdrawalPercent: '2.50',
  available: '100.00',
  owed: '0.00',
  withdrawable: '100.00',
};

type Handlers = Parameters<typeof mockApi>[0];

afterEach(() => {
  sessionStorage.clear();
});

function renderFlow(handlers: Handlers = {}, url = '/select-withdrawal', me = buildMe()) {
  const fetchMock = mockApi({
    'GET /api/withdrawals/terms': { status: 200, body: TERMS },
    'POST /api/withdrawals': { status: 200, body: buildWithdrawal() },
    ...handlers,
  });
  const view = renderPages(
    [
      {
        path: '/select-withdrawal',
        component: SelectWithdrawalPage,
        validateSearch: SelectWithdrawalSearchSchema,
      },
      { path: '/withdrawals', component: () => <p>Withdrawals marker</p> },
    ],
    url,
    { me },
  );
  return { ...view, fetchMock };
}

async function chooseMethod(user: ReturnType<typeof userEvent.setup>, name: RegExp) {
  await user.click(await screen.findByRole('button', { name }));
  await screen.findByLabelText('Amount (USD)');
}

function alerts(): string[] {
  return screen.queryAllByRole('alert').map((node) => node.textContent ?? '');
}

describe('SelectWithdrawalPage: the method forms', () => {
  test('offers the five methods of the seed', async () => {
    renderFlow();
    for (const name of ['Bank', 'Crypto', 'Paypal', 'CashApp', 'GCash']) {
      expect(await screen.findByRole('button', { name: new RegExp(`^${name}`) })).toBeTruthy();
    }
  });

  test('Bank asks for the account number, bank name and account name', async () => {
    const { fetchMock } = renderFlow();
    const user = userEvent.setup();
    await chooseMethod(user, /^Bank/);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(alerts()).toEqual([
      'Account number is required',
      'Bank name is required',
      'Account name is required',
      'Please enter an amount',
    ]);
    await user.type(screen.getByLabelText('Account number'), '12#4');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(alerts()[0]).toContain('Enter a valid account number');
    expect(callsTo(fetchMock, 'POST /api/withdrawals')).toHaveLength(0);
  });

  test('Crypto checks the address against the chosen coin', async () => {
    renderFlow();
    const user = userEvent.setup();
    await chooseMethod(user, /^Crypto/);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    // An empty form names every missing field at once, the address too, before a coin is chosen.
    expect(alerts()).toEqual(['Choose a coin', 'Wallet address is required', 'Please enter an amount']);
    await user.selectOptions(screen.getByLabelText('Coin'), 'bitcoin');
    await user.type(screen.getByLabelText('Wallet address'), '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(alerts()).toContain('Enter a valid Bitcoin address');
    await user.selectOptions(screen.getByLabelText('Coin'), 'ethereum');
    await waitFor(() => expect(alerts()).not.toContain('Enter a valid Bitcoin address'));
    expect(alerts()).not.toContain('Enter a valid Ethereum address');
  });

  test('PayPal needs an e-mail address', async () => {
    renderFlow();
    const user = userEvent.setup();
    await chooseMethod(user, /^Paypal/);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(alerts()).toContain('PayPal e-mail is required');
    await user.type(screen.getByLabelText('PayPal e-mail'), 'ada-at-example');
    expect(await screen.findByText('Enter a valid PayPal e-mail address')).toBeTruthy();
  });

  test.each([
    ['ada', false],
    ['$1ada', false],
    [`$a${'b'.repeat(20)}`, false],
    ['$ada_22', true],
  ])('CashApp: the $Cashtag %s is %s', async (cashtag, valid) => {
    renderFlow();
    const user = userEvent.setup();
    await chooseMethod(user, /^CashApp/);
    await user.type(screen.getByLabelText('$Cashtag'), cashtag);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    const invalid = alerts().some((text) => text.startsWith('Enter a valid $Cashtag'));
    expect(invalid).toBe(!valid);
  });

  test('GCash needs an 11-digit number starting 09 and an account name', async () => {
    renderFlow();
    const user = userEvent.setup();
    await chooseMethod(user, /^GCash/);
    await user.type(screen.getByLabelText('GCash number'), '19171234567');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(alerts()).toEqual([
      'Enter an 11-digit GCash number starting with 09',
      'Account name is required',
      'Please enter an amount',
    ]);
  });

  test('Change method goes back to the choice', async () => {
    renderFlow();
    const user = userEvent.setup();
    await chooseMethod(user, /^GCash/);
    // A tap target at least 44 px high on a phone: 12 px of padding above and below the 20 px line.
    const change = screen.getByRole('button', { name: 'Change method' });
    expect(change.className.split(' ')).toEqual(expect.arrayContaining(['min-h-11', 'py-3']));
    await user.click(change);
    expect(await screen.findByRole('heading', { name: 'Choose a withdrawal method' })).toBeTruthy();
  });
});

describe("SelectWithdrawalPage: the browser's Back and Forward", () => {
  test("Back goes from a method's form to the choice, Forward to the form again", async () => {
    const { router } = renderFlow();
    const user = userEvent.setup();
    await chooseMethod(user, /^GCash/);
    expect(router.state.location.search).toEqual({ method: 'gcash' });

    act(() => router.history.back());
    expect(await screen.findByRole('heading', { name: 'Choose a withdrawal method' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/select-withdrawal');

    act(() => router.history.forward());
    expect(await screen.findByLabelText('GCash number')).toBeTruthy();
  });

  test('an unknown method in the address shows the choice', async () => {
    renderFlow({}, '/select-withdrawal?method=%22cheque%22');
    expect(await screen.findByRole('heading', { name: 'Choose a withdrawal method' })).toBeTruthy();
  });

  test('after a request is recorded, Back shows the choice', async () => {
    const { router } = renderFlow();
    const user = userEvent.setup();
    await chooseMethod(user, /^Paypal/);
    await user.type(screen.getByLabelText('PayPal e-mail'), 'ada@paypal.example');
    await user.type(screen.getByLabelText('Amount (USD)'), '40');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByRole('heading', { name: '$40.00 by Paypal' })).toBeTruthy();
    act(() => router.history.back());
    expect(await screen.findByRole('heading', { name: 'Choose a withdrawal method' })).toBeTruthy();
  });
});

describe('SelectWithdrawalPage: the amount and the fee', () => {
  test('the seed’s amount rules against the balance and the minimum', async () => {
    renderFlow({
      'GET /api/withdrawals/terms': {
        status: 200,
        body: { ...TERMS, minWithdrawal: '1500.00', available: '2000.00', withdrawable: '2000.00' },
      },
    });
    const user = userEvent.setup();
    await chooseMethod(user, /^Paypal/);
    expect(screen.getByText('$2,000.00')).toBeTruthy();
    expect(screen.getByText('$1,500.00')).toBeTruthy();
    await user.type(screen.getByLabelText('PayPal e-mail'), 'ada@paypal.example');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(alerts()).toEqual(['Please enter an amount']);

    const amount = screen.getByLabelText('Amount (USD)');
    await user.type(amount, '2000.01');
    expect(await screen.findByText('Insufficient balance!')).toBeTruthy();
    await user.clear(amount);
    await user.type(amount, '1499.99');
    expect(await screen.findByText('Minimum withdrawal is $1,500.00')).toBeTruthy();
  });

  test('the fee line shows before submitting: Fee: 2.5% = $2.50, you receive $97.50', async () => {
    renderFlow();
    const user = userEvent.setup();
    await chooseMethod(user, /^Paypal/);
    expect(screen.getByText('Fee: 2.5% of the amount, deducted from it')).toBeTruthy();
    await user.type(screen.getByLabelText('Amount (USD)'), '100');
    expect(await screen.findByText('Fee: 2.5% = $2.50, you receive $97.50')).toBeTruthy();
    await user.clear(screen.getByLabelText('Amount (USD)'));
    await user.type(screen.getByLabelText('Amount (USD)'), '0.50');
    expect(await screen.findByText('Fee: 2.5% = $0.01, you receive $0.49')).toBeTruthy();
  });
});

describe('SelectWithdrawalPage: submitting', () => {
  async function fillPaypal(user: ReturnType<typeof userEvent.setup>, amount = '40') {
    await chooseMethod(user, /^Paypal/);
    await user.type(screen.getByLabelText('PayPal e-mail'), ' ada@paypal.example ');
    await user.type(screen.getByLabelText('Amount (USD)'), amount);
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
  }

  test('a pending request: "Withdrawal successful", the request and its Idempotency-Key', async () => {
    const { fetchMock } = renderFlow();
    const user = userEvent.setup();
    await fillPaypal(user);
    expect(await screen.findByText('Withdrawal successful')).toBeTruthy();
    expect(
      screen.getByText(
        'Pending: the amount is reserved from your balance until the withdrawal is reviewed and paid out.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Pending')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '$40.00 by Paypal' })).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/withdrawals')).toEqual([
      { amount: '40', method: 'paypal', details: { email: 'ada@paypal.example' } },
    ]);
    const submitted = fetchMock.mock.calls.find(([input]) => String(input) === '/api/withdrawals');
    expect(new Headers(submitted?.[1]?.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('on hold: the status and the hold’s reason, no success toast', async () => {
    renderFlow({
      'POST /api/withdrawals': {
        status: 200,
        body: buildWithdrawal({ status: 'on_hold', holdReason: 'Identity check in progress' }),
      },
    });
    const user = userEvent.setup();
    await fillPaypal(user);
    expect(await screen.findByText('Reason: Identity check in progress')).toBeTruthy();
    expect(screen.getByText('On hold')).toBeTruthy();
    expect(screen.queryByText('Withdrawal successful')).toBeNull();
    expect(screen.queryByText(/pay/i, { selector: 'button' })).toBeNull();
  });

  test('a retry after a failure reuses the Idempotency-Key; an unexpected failure says "Failed to process withdrawal"', async () => {
    let attempts = 0;
    const { fetchMock } = renderFlow({
      'POST /api/withdrawals': () =>
        ++attempts === 1
          ? { status: 500, body: { code: 'INTERNAL', message: 'Internal Server Error' } }
          : { status: 200, body: buildWithdrawal() },
    });
    const user = userEvent.setup();
    await fillPaypal(user);
    expect(await screen.findByText('Failed to process withdrawal')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Withdrawal successful')).toBeTruthy();
    const keys = fetchMock.mock.calls
      .filter(([input]) => String(input) === '/api/withdrawals')
      .map(([, init]) => new Headers(init?.headers).get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  test('the server’s "Insufficient balance!" shows under the amount and the balance is re-read', async () => {
    const { fetchMock } = renderFlow({
      'POST /api/withdrawals': {
        status: 422,
        body: { code: 'INSUFFICIENT_FUNDS', message: 'Insufficient balance!' },
      },
    });
    const user = userEvent.setup();
    await fillPaypal(user);
    expect(await screen.findByText('Insufficient balance!')).toBeTruthy();
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/withdrawals/terms').length).toBeGreaterThan(1));
  });

  test('a confirmation code: the code step, a wrong code, then the right one', async () => {
    let confirmations = 0;
    const awaiting = buildWithdrawal({
      status: 'awaiting_confirmation',
      codeExpiresAt: '2026-03-04T12:10:00.000Z',
    });
    let current = awaiting;
    const { fetchMock, router } = renderFlow({
      'GET /api/settings': settingsReply('smtp'),
      'POST /api/withdrawals': { status: 200, body: awaiting },
      [`GET /api/withdrawals/${ID}`]: () => ({ status: 200, body: current }),
      [`POST /api/withdrawals/${ID}/confirm`]: () => {
        if (++confirmations === 1) {
          return {
            status: 400,
            body: { code: 'INVALID_WITHDRAWAL_CODE', message: 'Invalid withdrawal code. Please try again.' },
          };
        }
        current = buildWithdrawal();
        return { status: 200, body: current };
      },
    });
    const user = userEvent.setup();
    await fillPaypal(user);
    expect(await screen.findByRole('heading', { name: 'Confirm your withdrawal' })).toBeTruthy();
    expect(router.state.location.search).toEqual({ confirm: ID });
    expect(await screen.findByText('ada@example.com')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeTruthy();

    await user.type(screen.getByLabelText('Withdrawal code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect((await screen.findAllByText('Invalid withdrawal code. Please try again.')).length).toBeGreaterThan(
      0,
    );

    await user.clear(screen.getByLabelText('Withdrawal code'));
    await user.type(screen.getByLabelText('Withdrawal code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Withdrawal successful')).toBeTruthy();
    expect(await screen.findByText('Pending')).toBeTruthy();
    expect(callsTo(fetchMock, `POST /api/withdrawals/${ID}/confirm`)).toEqual([
      { code: '111111' },
      { code: '123456' },
    ]);
  });

  test('a code pasted with the spaces around it is sent whole, not cut to its first six characters', async () => {
    const awaiting = buildWithdrawal({
      status: 'awaiting_confirmation',
      codeExpiresAt: '2026-03-04T12:10:00.000Z',
    });
    const { fetchMock } = renderFlow({
      'GET /api/settings': settingsReply('smtp'),
      'POST /api/withdrawals': { status: 200, body: awaiting },
      [`GET /api/withdrawals/${ID}`]: { status: 200, body: awaiting },
      [`POST /api/withdrawals/${ID}/confirm`]: { status: 200, body: buildWithdrawal() },
    });
    const user = userEvent.setup();
    await fillPaypal(user);
    await user.click(await screen.findByLabelText('Withdrawal code'));
    await user.paste(' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Withdrawal successful')).toBeTruthy();
    expect(callsTo(fetchMock, `POST /api/withdrawals/${ID}/confirm`)).toEqual([{ code: '123456' }]);
  });

  test('a code check that fails for another reason says "Error verifying withdrawal code." and keeps the code step', async () => {
    const awaiting = buildWithdrawal({
      status: 'awaiting_confirmation',
      codeExpiresAt: '2026-03-04T12:10:00.000Z',
    });
    renderFlow({
      'GET /api/settings': settingsReply('smtp'),
      'POST /api/withdrawals': { status: 200, body: awaiting },
      [`GET /api/withdrawals/${ID}`]: { status: 200, body: awaiting },
      [`POST /api/withdrawals/${ID}/confirm`]: {
        status: 500,
        body: { code: 'INTERNAL', message: 'Something went wrong. Please try again later.' },
      },
    });
    const user = userEvent.setup();
    await fillPaypal(user);
    await user.type(await screen.findByLabelText('Withdrawal code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Error verifying withdrawal code.')).toBeTruthy();
    expect(screen.getByText('Something went wrong. Please try again later.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Confirm your withdrawal' })).toBeTruthy();
  });

  test('from the list: a spent code asks for a new one', async () => {
    const spent = buildWithdrawal({ status: 'awaiting_confirmation', codeExpiresAt: null });
    const fresh = buildWithdrawal({
      status: 'awaiting_confirmation',
      codeExpiresAt: '2026-03-04T12:10:00.000Z',
    });
    let current = spent;
    const { fetchMock } = renderFlow(
      {
        'GET /api/settings': settingsReply('smtp'),
        [`GET /api/withdrawals/${ID}`]: () => ({ status: 200, body: current }),
        [`POST /api/withdrawals/${ID}/code`]: () => {
          current = fresh;
          return { status: 200, body: current };
        },
      },
      `/select-withdrawal?confirm=${ID}`,
    );
    const user = userEvent.setup();
    expect(await screen.findByText(/this code can no longer be used/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirm' }).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('A new code was sent to your e-mail address.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Confirm' }).hasAttribute('disabled')).toBe(false),
    );
    expect(callsTo(fetchMock, `POST /api/withdrawals/${ID}/code`)).toHaveLength(1);
  });

  test.each([
    [
      'smtp',
      'We e-mailed a 6-digit code to ada@example.com (it is also in your Messages). Enter it to confirm the withdrawal of $40.00 by Paypal (you receive $39.00).',
    ],
    [
      'none',
      'E-mail is not set up on this site, so your 6-digit code is in your Messages, not your inbox. Enter it to confirm the withdrawal of $40.00 by Paypal (you receive $39.00).',
    ],
  ] as const)('with e-mail delivery %s, the code step says where the code is', async (delivery, text) => {
    const awaiting = buildWithdrawal({
      status: 'awaiting_confirmation',
      codeExpiresAt: '2026-03-04T12:10:00.000Z',
    });
    renderFlow(
      {
        'GET /api/settings': settingsReply(delivery),
        [`GET /api/withdrawals/${ID}`]: { status: 200, body: awaiting },
      },
      `/select-withdrawal?confirm=${ID}`,
    );
    const heading = await screen.findByRole('heading', { name: 'Confirm your withdrawal' });
    await waitFor(() => expect(heading.nextElementSibling?.textContent).toBe(text));
    expect(screen.getByRole('link', { name: 'Messages' }).getAttribute('href')).toBe('/messages');
  });

  test('with no e-mail set up, a new code is said to be in Messages, not sent to the e-mail address', async () => {
    const spent = buildWithdrawal({ status: 'awaiting_confirmation', codeExpiresAt: null });
    const fresh = buildWithdrawal({
      status: 'awaiting_confirmation',
      codeExpiresAt: '2026-03-04T12:10:00.000Z',
    });
    let current = spent;
    renderFlow(
      {
        'GET /api/settings': settingsReply('none'),
        [`GET /api/withdrawals/${ID}`]: () => ({ status: 200, body: current }),
        [`POST /api/withdrawals/${ID}/code`]: () => {
          current = fresh;
          return { status: 200, body: current };
        },
      },
      `/select-withdrawal?confirm=${ID}`,
    );
    const user = userEvent.setup();
    await screen.findByText(/E-mail is not set up on this site/);
    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    expect(await screen.findByText('A new code is in your Messages.')).toBeTruthy();
    expect(screen.queryByText('A new code was sent to your e-mail address.')).toBeNull();
  });

  test('a staff account reads that it holds no money instead of the form', async () => {
    const { fetchMock } = renderFlow({}, '/select-withdrawal', buildMe({ role: 'support' }));
    expect(
      await screen.findByText('Staff accounts do not hold money: money moves on customer accounts only.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Bank/ })).toBeNull();
    expect(screen.queryByText(/verified identity/)).toBeNull();
    expect(callsTo(fetchMock, 'GET /api/withdrawals/protection')).toEqual([]);
    expect(callsTo(fetchMock, 'GET /api/verification-limits')).toEqual([]);
  });

  test('a suspended account sees the inactive message instead of the form', async () => {
    renderFlow({}, '/select-withdrawal', buildMe({ status: 'suspended', statusReason: 'Under review' }));
    expect(await screen.findByText(/Your account is currently inactive/)).toBeTruthy();
    expect(screen.getByText('Reason: Under review')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Bank/ })).toBeNull();
    // No support e-mail is set: no address is offered.
    expect(screen.queryByText(/Write to our support agents/)).toBeNull();
  });

  test('a suspended account is given the support e-mail when the site has one', async () => {
    renderFlow(
      { 'GET /api/settings': settingsReply('smtp', 'help@northwind.test') },
      '/select-withdrawal',
      buildMe({ status: 'suspended', statusReason: 'Under review' }),
    );
    const notice = await screen.findByRole('alert');
    await waitFor(() =>
      expect(notice.textContent).toContain('Write to our support agents at help@northwind.test.'),
    );
    expect(within(notice).getByRole('link', { name: 'help@northwind.test' }).getAttribute('href')).toBe(
      'mailto:help@northwind.test',
    );
  });
});

describe('SelectWithdrawalPage: two-factor', () => {
  test('with two-factor on, the form asks for the code and sends it; a wrong code shows under the field and keeps the Idempotency-Key', async () => {
    let attempts = 0;
    const { fetchMock } = renderFlow(
      {
        'POST /api/withdrawals': () =>
          ++attempts === 1
            ? {
                status: 400,
                body: {
                  code: 'INVALID_TWO_FACTOR_CODE',
                  message: 'That code is not right. Check your authenticator app and try again.',
                },
              }
            : { status: 200, body: buildWithdrawal() },
      },
      '/select-withdrawal',
      buildMe({ twoFactorEnabled: true }),
    );
    const user = userEvent.setup();
    await chooseMethod(user, /^Paypal/);
    await user.type(screen.getByLabelText('PayPal e-mail'), 'ada@paypal.example');
    await user.type(screen.getByLabelText('Amount (USD)'), '40');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(alerts()).toContain('Enter the 6-digit code from your authenticator app.');
    expect(callsTo(fetchMock, 'POST /api/withdrawals')).toHaveLength(0);

    await user.type(screen.getByLabelText('Authentication code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(
      await screen.findByText('That code is not right. Check your authenticator app and try again.'),
    ).toBeTruthy();
    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '222 222');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Withdrawal successful')).toBeTruthy();

    expect(callsTo(fetchMock, 'POST /api/withdrawals')).toEqual([
      expect.objectContaining({ method: 'paypal', amount: '40', twoFactorCode: '111111' }),
      expect.objectContaining({ method: 'paypal', amount: '40', twoFactorCode: '222222' }),
    ]);
    const keys = fetchMock.mock.calls
      .filter(([input]) => String(input) === '/api/withdrawals')
      .map(([, init]) => new Headers(init?.headers).get('idempotency-key'));
    expect(keys[0]).toBe(keys[1]);
  });

  test('without two-factor there is no code field, until the server asks for one', async () => {
    renderFlow({
      'POST /api/withdrawals': {
        status: 400,
        body: {
          code: 'TWO_FACTOR_CODE_REQUIRED',
          message: 'Enter the 6-digit code from your authenticator app.',
        },
      },
    });
    const user = userEvent.setup();
    await chooseMethod(user, /^Paypal/);
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
    await user.type(screen.getByLabelText('PayPal e-mail'), 'ada@paypal.example');
    await user.type(screen.getByLabelText('Amount (USD)'), '40');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByLabelText('Authentication code')).toBeTruthy();
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
  });
});

describe('SelectWithdrawalPage: what was typed is kept for the tab', () => {
  function typedIn(label: string): string {
    return (screen.getByLabelText(label) as HTMLInputElement).value;
  }

  async function fillBank(user: ReturnType<typeof userEvent.setup>) {
    await chooseMethod(user, /^Bank/);
    await user.type(screen.getByLabelText('Account number'), '0123456789');
    await user.type(screen.getByLabelText('Bank name'), 'First Bank');
    await user.type(screen.getByLabelText('Account name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Amount (USD)'), '40');
  }

  test("Change method, another method's form, and back to the first: each form is as it was left", async () => {
    renderFlow();
    const user = userEvent.setup();
    await fillBank(user);
    await user.click(screen.getByRole('button', { name: 'Change method' }));
    await chooseMethod(user, /^GCash/);
    // Each method keeps its own fields: the bank's do not spill into GCash's.
    expect(typedIn('Account name')).toBe('');
    await user.type(screen.getByLabelText('GCash number'), '09171234567');
    await user.click(screen.getByRole('button', { name: 'Change method' }));

    await chooseMethod(user, /^Bank/);
    expect(typedIn('Account number')).toBe('0123456789');
    expect(typedIn('Bank name')).toBe('First Bank');
    expect(typedIn('Account name')).toBe('Ada Lovelace');
    expect(typedIn('Amount (USD)')).toBe('40');
    expect(screen.getByText('Fee: 2.5% = $1.00, you receive $39.00')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Change method' }));
    await chooseMethod(user, /^GCash/);
    expect(typedIn('GCash number')).toBe('09171234567');
  });

  test("the browser's Back to the choice and Forward to the form keep what was typed", async () => {
    const { router } = renderFlow();
    const user = userEvent.setup();
    await fillBank(user);
    act(() => router.history.back());
    expect(await screen.findByRole('heading', { name: 'Choose a withdrawal method' })).toBeTruthy();
    act(() => router.history.forward());
    expect(await screen.findByLabelText('Account number')).toBeTruthy();
    expect(typedIn('Account number')).toBe('0123456789');
    expect(typedIn('Bank name')).toBe('First Bank');
    expect(typedIn('Amount (USD)')).toBe('40');
  });

  test('the authenticator code is never kept', async () => {
    renderFlow({}, '/select-withdrawal', buildMe({ twoFactorEnabled: true }));
    const user = userEvent.setup();
    await chooseMethod(user, /^Paypal/);
    await user.type(screen.getByLabelText('PayPal e-mail'), 'ada@paypal.example');
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Change method' }));
    await chooseMethod(user, /^Paypal/);
    expect(typedIn('PayPal e-mail')).toBe('ada@paypal.example');
    expect(typedIn('Authentication code')).toBe('');
    expect(JSON.stringify({ ...sessionStorage })).not.toContain('123456');
  });

  test('once the withdrawal is made, the forms are empty again', async () => {
    renderFlow();
    const user = userEvent.setup();
    await chooseMethod(user, /^Paypal/);
    await user.type(screen.getByLabelText('PayPal e-mail'), 'ada@paypal.example');
    await user.type(screen.getByLabelText('Amount (USD)'), '40');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Withdrawal successful')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Make another withdrawal' }));
    await chooseMethod(user, /^Paypal/);
    expect(typedIn('PayPal e-mail')).toBe('');
    expect(typedIn('Amount (USD)')).toBe('');
    expect(sessionStorage.length).toBe(0);
  });

  test("another customer's kept fields are not shown", async () => {
    sessionStorage.setItem(
      'candor.withdrawal-forms',
      JSON.stringify({
        userId: 'someone-else',
        value: { paypal: { amount: '40', details: { email: 'eve@x.test' } } },
      }),
    );
    renderFlow();
    const user = userEvent.setup();
    await chooseMethod(user, /^Paypal/);
    expect(typedIn('PayPal e-mail')).toBe('');
    expect(typedIn('Amount (USD)')).toBe('');
  });
});
