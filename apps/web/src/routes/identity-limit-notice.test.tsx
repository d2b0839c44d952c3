import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { DepositPage } from '../features/deposits/deposit-page.tsx';
import { SelectWithdrawalPage } from '../features/withdrawals/select-withdrawal-page.tsx';
import { SelectWithdrawalSearchSchema } from '../features/withdrawals/select-withdrawal-search.ts';
import { buildMe, callsTo, mockApi, renderPages } from '../test/render-page.tsx';

const LIMITED = {
  identityStatus: 'unverified',
  limited: true,
  withdrawalsNeedVerifiedIdentity: true,
  depositLimit: '1000.00',
  depositRemaining: '750.00',
  withdrawalLimit: '0.00',
  withdrawalRemaining: '0.00',
};
const TERMS = {
  minWithdrawal: '10.00',
  withdrawalPercent: '0.00',
  available: '500.00',
  owed: '0.00',
  withdrawable: '500.00',
};
const PROTECTION = { frozen: false, frozenAt: null, waitUntil: null, waitCause: null, message: null };

function renderWithdrawal() {
  return renderPages(
    [
      {
        path: '/select-withdrawal',
        component: SelectWithdrawalPage,
        validateSearch: SelectWithdrawalSearchSchema,
      },
    ],
    '/select-withdrawal',
    { me: buildMe() },
  );
}

function identityLink(): HTMLAnchorElement {
  return screen.getAllByRole('link', { name: 'Verify your identity' })[0] as HTMLAnchorElement;
}

describe('a deposit for a plan, above what an unverified account may deposit', () => {
  test('the prefilled shortfall is refused beside the field at once, with the notice and its link above', async () => {
    const fetchMock = mockApi({ 'GET /api/verification-limits': { status: 200, body: LIMITED } });
    renderPages([{ path: '/deposit', component: DepositPage }], '/deposit?amount=%22900.00%22&plan=Gold', {
      me: buildMe(),
    });
    expect(await screen.findByText('You need $900.00 more to buy Gold.')).toBeTruthy();
    expect(
      await screen.findByText(
        'Unverified accounts can deposit at most $1,000.00 in 30 days; you can deposit $750.00 more.',
      ),
    ).toBeTruthy();
    expect(identityLink().getAttribute('href')).toBe('/identity');
    expect(callsTo(fetchMock, 'POST /api/deposit-quotes')).toHaveLength(0);
  });

  test('a prefilled shortfall within the limit shows no error', async () => {
    mockApi({ 'GET /api/verification-limits': { status: 200, body: LIMITED } });
    renderPages([{ path: '/deposit', component: DepositPage }], '/deposit?amount=%22700.00%22&plan=Basic', {
      me: buildMe(),
    });
    expect(await screen.findByText('You need $700.00 more to buy Basic.')).toBeTruthy();
    await screen.findByText(/You can deposit up to/, { exact: false });
    expect(screen.queryByText(/Unverified accounts can deposit at most/)).toBeNull();
  });
});

describe('withdrawals of an unverified account', () => {
  test('when withdrawals need a verified identity, the page says so with the link instead of the form', async () => {
    mockApi({
      'GET /api/verification-limits': { status: 200, body: LIMITED },
      'GET /api/withdrawals/protection': { status: 200, body: PROTECTION },
    });
    renderWithdrawal();
    expect(await screen.findByText('Withdrawals need a verified identity')).toBeTruthy();
    expect(identityLink().getAttribute('href')).toBe('/identity');
    expect(screen.queryByRole('button', { name: /^Bank/ })).toBeNull();
  });

  test('while the documents sent wait for review, it says so instead of asking to verify again', async () => {
    mockApi({
      'GET /api/verification-limits': { status: 200, body: { ...LIMITED, identityStatus: 'pending' } },
      'GET /api/verifications/me': {
        status: 200,
        body: { status: 'pending', canSubmit: false, verifiedUntil: null, submissions: [] },
      },
      'GET /api/withdrawals/protection': { status: 200, body: PROTECTION },
    });
    renderWithdrawal();
    const pending = await screen.findByRole('link', { name: 'Your identity is pending review' });
    expect(pending.getAttribute('href')).toBe('/identity');
    expect(pending.parentElement?.textContent).toBe(
      'Your identity is pending review: you can withdraw once it is verified.',
    );
    expect(screen.queryByRole('link', { name: 'Verify your identity' })).toBeNull();
  });

  test('otherwise the 30-day limit and what is left show before the form; a refusal shows with the link', async () => {
    const refusal =
      'Unverified accounts can withdraw at most $100.00 in 30 days; you can withdraw $70.00 more. Verify your identity at /identity to lift this limit.';
    const fetchMock = mockApi({
      'GET /api/verification-limits': {
        status: 200,
        body: {
          ...LIMITED,
          withdrawalsNeedVerifiedIdentity: false,
          withdrawalLimit: '100.00',
          withdrawalRemaining: '70.00',
        },
      },
      'GET /api/withdrawals/protection': { status: 200, body: PROTECTION },
      'GET /api/withdrawals/terms': { status: 200, body: TERMS },
      'POST /api/withdrawals': { status: 422, body: { code: 'VERIFICATION_LIMIT', message: refusal } },
    });
    renderWithdrawal();
    expect(
      await screen.findByText('You can withdraw up to $100.00 in 30 days; $70.00 is left.', { exact: false }),
    ).toBeTruthy();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Paypal/ }));
    await user.type(await screen.findByLabelText('PayPal e-mail'), 'ada@paypal.example');
    await user.type(screen.getByLabelText('Amount (USD)'), '80');
    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Unverified accounts can withdraw at most $100.00 in 30 days; you can withdraw $70.00 more. Verify your identity to lift this limit.',
    );
    expect(callsTo(fetchMock, 'POST /api/withdrawals')).toHaveLength(1);
    for (const link of screen.getAllByRole('link', { name: 'Verify your identity' })) {
      expect(link.getAttribute('href')).toBe('/identity');
    }
  });
});

describe('deposits of an unverified account', () => {
  test("step 1 refuses an amount above what is left with the limit's words, before any coin is chosen", async () => {
    const fetchMock = mockApi({ 'GET /api/verification-limits': { status: 200, body: LIMITED } });
    renderPages([{ path: '/deposit', component: DepositPage }], '/deposit', { me: buildMe() });
    await screen.findByText('You can deposit up to $1,000.00 in 30 days; $750.00 is left.', { exact: false });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Amount (USD)'), '750.01');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText(
        'Unverified accounts can deposit at most $1,000.00 in 30 days; you can deposit $750.00 more.',
      ),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Bitcoin(BTC)')).toBeNull();
    expect(screen.queryByText(/\/identity/)).toBeNull();
    expect(callsTo(fetchMock, 'POST /api/deposit-quotes')).toEqual([]);
    // What is left goes through.
    await user.clear(screen.getByLabelText('Amount (USD)'));
    await user.type(screen.getByLabelText('Amount (USD)'), '750');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByLabelText('Bitcoin(BTC)')).toBeTruthy();
  });

  test('step 1 shows the 30-day limit and what is left; a refused quote shows why with the link, no raw path', async () => {
    // Another deposit took some of the limit since the form read it: the server refuses.
    const refusal =
      'Unverified accounts can deposit at most $1,000.00 in 30 days; you can deposit $600.00 more. Verify your identity at /identity to lift this limit.';
    mockApi({
      'GET /api/verification-limits': { status: 200, body: LIMITED },
      'POST /api/deposit-quotes': { status: 422, body: { code: 'VERIFICATION_LIMIT', message: refusal } },
    });
    renderPages([{ path: '/deposit', component: DepositPage }], '/deposit', { me: buildMe() });
    expect(
      await screen.findByText('You can deposit up to $1,000.00 in 30 days; $750.00 is left.', {
        exact: false,
      }),
    ).toBeTruthy();
    expect(identityLink().getAttribute('href')).toBe('/identity');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Amount (USD)'), '700');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByLabelText('Bitcoin(BTC)'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Unverified accounts can deposit at most $1,000.00 in 30 days; you can deposit $600.00 more. Verify your identity to lift this limit.',
    );
    expect(within(alert).getByRole('link', { name: 'Verify your identity' }).getAttribute('href')).toBe(
      '/identity',
    );
  });

  test('a verified account sees no limit', async () => {
    mockApi({
      'GET /api/verification-limits': {
        status: 200,
        body: {
          identityStatus: 'verified',
          limited: false,
          withdrawalsNeedVerifiedIdentity: true,
          depositLimit: null,
          depositRemaining: null,
          withdrawalLimit: null,
          withdrawalRemaining: null,
        },
      },
    });
    renderPages([{ path: '/deposit', component: DepositPage }], '/deposit', { me: buildMe() });
    await screen.findByLabelText('Amount (USD)');
    expect(screen.queryByText(/You can deposit up to/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Verify your identity' })).toBeNull();
  });
});
