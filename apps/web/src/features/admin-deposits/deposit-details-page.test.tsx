import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { queryKeys } from '../../lib/query-keys.ts';
import { confirmWithReason } from '../../test/reason-dialog.ts';
import { buildMe, callsTo, mockApi, pageReply, renderPages } from '../../test/render-page.tsx';
import { DepositDetailsPage } from './deposit-details-page.tsx';

const ID = '00000000-0000-4000-8000-000000000001';
const PROOF = '00000000-0000-4000-8000-000000000002';

function deposit(overrides: object = {}) {
  return {
    id: ID,
    userId: 'user-1',
    customerName: 'Ada Lovelace',
    customerEmail: 'ada@example.com',
    amount: '100.00',
    coin: 'bitcoin',
    cryptoAmount: '0.001488',
    rate: '67234.12',
    rateSource: 'simulated',
    address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    transactionHash: '0xabc123',
    status: 'pending',
    decisionReason: null,
    quoteExpiresAt: '2026-03-04T13:00:00.000Z',
    createdAt: '2026-03-04T12:10:00.000Z',
    decidedAt: null,
    proof: { fileId: PROOF, url: `/api/files/${PROOF}`, contentType: 'image/png' },
    decidedBy: null,
    ...overrides,
  };
}

function renderDetails() {
  return renderPages(
    [
      { path: '/deposit/$id', component: DepositDetailsPage },
      { path: '/user/$id', component: () => <p>User marker</p> },
    ],
    `/deposit/${ID}`,
    { me: buildMe({ role: 'admin' }) },
  );
}

describe('DepositDetailsPage', () => {
  test('shows the customer, amounts, rate, address, hash, proof and times', async () => {
    mockApi({ [`GET /api/admin/deposits/${ID}`]: { status: 200, body: deposit() } });
    renderDetails();
    expect(await screen.findByRole('link', { name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe('/user/user-1');
    expect(screen.getByText('(ada@example.com)')).toBeTruthy();
    expect(screen.getByText('0.001488 BTC')).toBeTruthy();
    expect(screen.getByText('1 BTC = $67,234.12 (Simulated prices)')).toBeTruthy();
    expect(screen.getByText('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBeTruthy();
    expect(screen.getByText('0xabc123')).toBeTruthy();
    expect(screen.getByText('Not decided yet')).toBeTruthy();
    expect(
      screen.getByRole('img', { name: 'Proof of payment from ada@example.com' }).getAttribute('src'),
    ).toBe(`/api/files/${PROOF}`);
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
  });

  test('the proof opens in the page, enlarged and fitted, rather than in a bare tab', async () => {
    mockApi({ [`GET /api/admin/deposits/${ID}`]: { status: 200, body: deposit() } });
    renderDetails();
    const user = userEvent.setup();
    const proof = await screen.findByRole('img', { name: 'Proof of payment from ada@example.com' });
    expect(proof.closest('a')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Enlarge: Proof of payment from ada@example.com' }));
    const viewer = screen.getByRole('dialog', { name: 'Proof of payment' });
    expect(within(viewer).getByRole('img').getAttribute('src')).toBe(`/api/files/${PROOF}`);
    expect(
      within(viewer)
        .getByRole('link', { name: /Open the original/ })
        .getAttribute('href'),
    ).toBe(`/api/files/${PROOF}`);
    await user.click(within(viewer).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('a PDF proof is offered as a download', async () => {
    const pdf = { fileId: PROOF, url: `/api/files/${PROOF}`, contentType: 'application/pdf' };
    mockApi({ [`GET /api/admin/deposits/${ID}`]: { status: 200, body: deposit({ proof: pdf }) } });
    renderDetails();
    const link = await screen.findByRole('link', { name: 'Download the PDF' });
    expect(link.getAttribute('href')).toBe(`/api/files/${PROOF}`);
    expect(link.hasAttribute('download')).toBe(true);
  });

  test('Approve updates the page in place', async () => {
    let decided = false;
    const fetchMock = mockApi({
      [`GET /api/admin/deposits/${ID}`]: () => ({
        status: 200,
        body: decided ? deposit({ status: 'approved', decidedAt: '2026-03-04T12:30:00.000Z' }) : deposit(),
      }),
      [`POST /api/admin/deposits/${ID}/approve`]: () => {
        decided = true;
        return {
          status: 200,
          body: deposit({
            status: 'approved',
            decidedAt: '2026-03-04T12:30:00.000Z',
            decidedBy: { id: 'a1', name: 'Grace Admin' },
          }),
        };
      },
    });
    renderDetails();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    // The reason is asked first: nothing is sent without one.
    const dialog = await screen.findByRole('dialog', { name: 'Approve deposit' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Reason is required');
    expect(callsTo(fetchMock, `POST /api/admin/deposits/${ID}/approve`)).toHaveLength(0);
    await confirmWithReason(user, 'Approve deposit', 'Proof matches the wallet');
    expect(await screen.findByText('Deposit successful')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getAllByText('Approved').length).toBeGreaterThan(0);
    expect(callsTo(fetchMock, `POST /api/admin/deposits/${ID}/approve`)).toEqual([
      { reason: 'Proof matches the wallet' },
    ]);
  });

  test('a decision refreshes the Users tab, whose balances it changed, not only the deposit lists', async () => {
    mockApi({
      [`GET /api/admin/deposits/${ID}`]: { status: 200, body: deposit() },
      [`POST /api/admin/deposits/${ID}/approve`]: { status: 200, body: deposit({ status: 'approved' }) },
    });
    const { queryClient } = renderDetails();
    queryClient.setQueryData(queryKeys.adminUsers.page({ page: 1 }), pageReply([]));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await confirmWithReason(user, 'Approve deposit', 'Proof matches the wallet');
    expect(await screen.findByText('Deposit successful')).toBeTruthy();
    await waitFor(() =>
      expect(queryClient.getQueryState(queryKeys.adminUsers.page({ page: 1 }))?.isInvalidated).toBe(true),
    );
  });

  test('Reject asks for the reason and shows it afterwards', async () => {
    const rejected = deposit({
      status: 'rejected',
      decisionReason: 'Nothing arrived',
      decidedAt: '2026-03-04T12:30:00.000Z',
      decidedBy: { id: 'a1', name: 'Grace Admin' },
    });
    let decided = false;
    mockApi({
      [`GET /api/admin/deposits/${ID}`]: () => ({ status: 200, body: decided ? rejected : deposit() }),
      [`POST /api/admin/deposits/${ID}/reject`]: () => {
        decided = true;
        return { status: 200, body: rejected };
      },
    });
    renderDetails();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject deposit' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Nothing arrived');
    await user.click(within(dialog).getByRole('button', { name: 'Reject deposit' }));
    expect(await screen.findByText('Nothing arrived')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(screen.getByText(/Rejected by Grace Admin/)).toBeTruthy();
  });

  test('an unknown deposit says so', async () => {
    mockApi({
      [`GET /api/admin/deposits/${ID}`]: {
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Deposit not found' },
      },
    });
    renderDetails();
    expect(await screen.findByText('Deposit not found.')).toBeTruthy();
  });
});
