import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { buildApproval } from '../../test/approvals.ts';
import { recordId as id } from '../../test/record-id.ts';
import {
  buildMe,
  callsTo,
  idempotencyKeys,
  mockApi,
  pageReply,
  renderPages,
} from '../../test/render-page.tsx';
import { ApprovalsTab } from './approvals-tab.tsx';
import { formatWaitingTime } from './waiting-time.ts';

const LIST = 'GET /api/admin/approvals';
const DECIDERS = 'GET /api/admin/approvals/second-deciders';

/** Whether someone else could approve each kind: those named can. */
function decidersReply(can: string[]) {
  const kinds = [
    'adjustment',
    'withdrawal_approval',
    'wallet_change',
    'four_eyes_threshold',
    'desk_trade',
    'identity_for_withdrawals',
    'unverified_limits',
  ];
  return {
    status: 200,
    body: { kinds: Object.fromEntries(kinds.map((kind) => [kind, can.includes(kind)])) },
  };
}
const APPROVE = `POST /api/admin/approvals/${id(1)}/approve`;
const REJECT = `POST /api/admin/approvals/${id(1)}/reject`;
const CANCEL = `POST /api/admin/approvals/${id(1)}/cancel`;

const waitingAdjustment = buildApproval();
const waitingWithdrawal = buildApproval({
  id: id(2),
  kind: 'withdrawal_approval',
  withdrawalId: id(9),
  direction: null,
  amount: '2500.00',
  email: 'bob@example.com',
  makerReason: 'Approve the withdrawal of $2,500.00 to Bank',
});
const decided = buildApproval({
  id: id(3),
  status: 'rejected',
  email: 'cy@example.com',
  checker: { id: 'checker-1', name: 'Carl Checker', role: 'admin' },
  checkerReason: 'No ticket for this',
  decidedAt: '2026-03-04T13:00:00.000Z',
});

function renderTab(role: 'accountant' | 'admin' = 'accountant', meId = 'checker-2') {
  return renderPages(
    [
      { path: '/all-user', component: ApprovalsTab },
      { path: '/user/$id', component: () => <p>User page marker</p> },
      { path: '/withdrawal/$id', component: () => <p>Withdrawal page marker</p> },
    ],
    '/all-user?tab=approvals',
    { me: buildMe({ id: meId, role }) },
  );
}

function card(name: RegExp) {
  return within(screen.getByRole('listitem', { name }));
}

describe('the Approvals tab', () => {
  test('waiting requests first with kind, customer, amount, maker and reason, then decided ones with their checker', async () => {
    mockApi({ [LIST]: pageReply([waitingAdjustment, waitingWithdrawal, decided]) });
    renderTab();
    const waiting = await screen.findByRole('region', { name: 'Awaiting second approval' });
    const items = within(waiting).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0] as HTMLElement);
    expect(first.getByText('Manual adjustment')).toBeTruthy();
    expect(first.getByText('ada@example.com')).toBeTruthy();
    expect(items[0]?.textContent).toContain('+$5,000.00');
    expect(first.getByText('Mona Maker (Accountant)')).toBeTruthy();
    expect(first.getByText('“Compensation for the outage”')).toBeTruthy();
    expect(first.getByText('Waiting')).toBeTruthy();
    expect(first.getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(first.getByRole('button', { name: 'Reject' })).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('Withdrawal approval')).toBeTruthy();
    expect(
      within(items[1] as HTMLElement)
        .getByRole('link', { name: 'bob@example.com' })
        .getAttribute('href'),
    ).toBe(`/withdrawal/${id(9)}`);

    const done = within(screen.getByRole('region', { name: 'Decided' }));
    expect(done.getByText('Rejected')).toBeTruthy();
    expect(done.getByText('Rejected by')).toBeTruthy();
    expect(done.getByText('Carl Checker (Admin)')).toBeTruthy();
    expect(done.getByText('“No ticket for this”')).toBeTruthy();
    expect(done.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  test('a withdrawal its customer cancelled while it waited reads as cancelled by the customer, not as a staff rejection', async () => {
    const cancelled = buildApproval({
      id: id(4),
      kind: 'withdrawal_approval',
      withdrawalId: id(8),
      direction: null,
      amount: '2500.00',
      email: 'carol@example.com',
      status: 'cancelled',
      cancelledBy: { id: 'carol', name: 'Carol Third', role: 'client' },
      checkerReason: 'The customer cancelled the withdrawal',
      decidedAt: '2026-03-04T13:00:00.000Z',
    });
    mockApi({ [LIST]: pageReply([cancelled, decided]) });
    renderTab();
    const done = await screen.findByRole('region', { name: 'Decided' });
    const carol = card(/carol@example\.com/);
    expect(carol.getByText('Cancelled by customer')).toBeTruthy();
    expect(carol.getByText('Cancelled by')).toBeTruthy();
    expect(carol.getByText('Carol Third (customer)')).toBeTruthy();
    expect(carol.queryByText('Rejected')).toBeNull();
    expect(carol.queryByText('Rejected by')).toBeNull();
    expect(carol.getByText('“The customer cancelled the withdrawal”')).toBeTruthy();
    expect(carol.queryByText(/\(client\)/)).toBeNull();
    // Not the maker's cancellation either: the maker is named only as the one who asked.
    expect(carol.getAllByText('Mona Maker (Accountant)')).toHaveLength(1);
    // A staff member's rejection still reads as one.
    const cy = card(/cy@example\.com/);
    expect(cy.getByText('Rejected')).toBeTruthy();
    expect(cy.getByText('Rejected by')).toBeTruthy();
    expect(within(done).getAllByRole('listitem')).toHaveLength(2);
  });

  test('the maker sees their own request without Approve or Reject, and may cancel it with a reason', async () => {
    let current = [waitingAdjustment];
    const fetchMock = mockApi({
      [LIST]: () => pageReply(current),
      [CANCEL]: () => {
        const cancelled = buildApproval({
          status: 'cancelled',
          cancelledBy: { id: 'maker-1', name: 'Mona Maker', role: 'accountant' },
          checkerReason: 'Typed the wrong amount',
          decidedAt: '2026-03-04T13:00:00.000Z',
        });
        current = [cancelled];
        return { status: 200, body: cancelled };
      },
    });
    renderTab('accountant', 'maker-1');
    expect(await screen.findByText('Your request: a different staff member decides it.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel request' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(
      dialog.getByText(
        'Manual adjustment of credit $5,000.00 for ada@example.com: your request is withdrawn and nothing moves.',
      ),
    ).toBeTruthy();
    // Closing it without cancelling reads as keeping the request.
    expect(dialog.getByRole('button', { name: 'Keep request' })).toBeTruthy();
    expect(dialog.queryByRole('button', { name: 'Cancel' })).toBeNull();
    await user.click(dialog.getByRole('button', { name: 'Cancel request' }));
    expect(await dialog.findByText('Reason is required')).toBeTruthy();
    expect(callsTo(fetchMock, CANCEL)).toEqual([]);

    await user.type(dialog.getByLabelText('Reason'), 'Typed the wrong amount');
    await user.click(dialog.getByRole('button', { name: 'Cancel request' }));
    expect(await screen.findByText('Request cancelled: nothing moved')).toBeTruthy();
    expect(callsTo(fetchMock, CANCEL)).toEqual([{ reason: 'Typed the wrong amount' }]);
    expect(idempotencyKeys(fetchMock, `/api/admin/approvals/${id(1)}/cancel`)[0]).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const done = card(/Manual adjustment of credit/);
    expect(await done.findByText('Cancelled')).toBeTruthy();
    expect(done.getByText('Cancelled by').parentElement?.textContent).toContain('Mona Maker (Accountant) · ');
    expect(done.getByText('“Typed the wrong amount”')).toBeTruthy();
    expect(done.queryByRole('button', { name: 'Cancel request' })).toBeNull();
  });

  test('only the maker is offered Cancel request', async () => {
    mockApi({ [LIST]: pageReply([waitingAdjustment]) });
    renderTab();
    expect(await screen.findByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel request' })).toBeNull();
  });

  test('Approve asks for a reason, sends it with an Idempotency-Key and confirms', async () => {
    let current = [waitingAdjustment];
    const fetchMock = mockApi({
      [LIST]: () => pageReply(current),
      [APPROVE]: () => {
        const approved = buildApproval({
          status: 'approved',
          checker: { id: 'checker-2', name: 'Ada Lovelace', role: 'accountant' },
          checkerReason: 'Ticket 42 verified',
          decidedAt: '2026-03-04T13:00:00.000Z',
          entryId: '77',
        });
        current = [approved];
        return { status: 200, body: approved };
      },
    });
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(
      dialog.getByText(
        'The $5,000.00 credit to ada@example.com, requested by Mona Maker, is carried out at once.',
      ),
    ).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await dialog.findByText('Reason is required')).toBeTruthy();
    expect(callsTo(fetchMock, APPROVE)).toEqual([]);

    await user.type(dialog.getByLabelText('Reason'), 'Ticket 42 verified');
    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved: the action was carried out')).toBeTruthy();
    expect(callsTo(fetchMock, APPROVE)).toEqual([{ reason: 'Ticket 42 verified' }]);
    expect(idempotencyKeys(fetchMock, `/api/admin/approvals/${id(1)}/approve`)[0]).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Approved by')).toBeTruthy();
  });

  test('Reject sends the reason; a refusal (the maker, say) shows the server’s words and keeps the dialog', async () => {
    const fetchMock = mockApi({
      [LIST]: pageReply([waitingAdjustment]),
      [REJECT]: {
        status: 403,
        body: {
          code: 'MAKER_CANNOT_APPROVE',
          message: 'You made this request: a different staff member must approve or reject it.',
        },
      },
    });
    renderTab();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = within(screen.getByRole('dialog'));
    await user.type(dialog.getByLabelText('Reason'), 'No ticket');
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('The decision failed')).toBeTruthy();
    expect(
      await screen.findByText('You made this request: a different staff member must approve or reject it.'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, REJECT)).toEqual([{ reason: 'No ticket' }]);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(card(/Manual adjustment of credit/).getByText('Awaiting second approval')).toBeTruthy();
  });

  test('a request someone else decided meanwhile: the refusal is told, and its dialog goes with nothing left to decide', async () => {
    let current = [waitingAdjustment];
    mockApi({
      [LIST]: () => pageReply(current),
      [CANCEL]: () => {
        // Another staff member approved it after this page was loaded.
        current = [
          buildApproval({
            status: 'approved',
            checker: { id: 'checker-1', name: 'Carl Checker', role: 'admin' },
            checkerReason: 'Ticket 42 verified',
            decidedAt: '2026-03-04T13:00:00.000Z',
            entryId: '77',
          }),
        ];
        return {
          status: 409,
          body: { code: 'ALREADY_DECIDED', message: 'This request was already approved.' },
        };
      },
    });
    renderTab('accountant', 'maker-1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel request' }));
    const dialog = within(screen.getByRole('dialog'));
    await user.type(dialog.getByLabelText('Reason'), 'Typed the wrong amount');
    await user.click(dialog.getByRole('button', { name: 'Cancel request' }));
    expect(await screen.findByText('This request was already approved.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Approved by')).toBeTruthy();
  });

  test('a change of the deposit addresses shows the old and new addresses side by side; only settings.manage decides it', async () => {
    const before = {
      bitcoin: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      ethereum: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      usdt: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    };
    const after = { ...before, ethereum: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359' };
    const change = buildApproval({
      id: id(5),
      kind: 'wallet_change',
      userId: null,
      email: null,
      amount: null,
      direction: null,
      walletChange: { before, after },
      maker: { id: 'maker-1', name: 'Mona Maker', role: 'admin' },
      makerReason: 'New cold wallet',
    });
    const approve = `POST /api/admin/approvals/${id(5)}/approve`;
    const fetchMock = mockApi({
      [LIST]: pageReply([change]),
      [approve]: { status: 200, body: { ...change, status: 'approved' } },
    });
    // An accountant lists it but cannot decide it.
    const accountant = renderTab('accountant');
    const item = within(
      await screen.findByRole('listitem', { name: 'Deposit address change requested by Mona Maker' }),
    );
    expect(item.getByText('Where every customer sends their deposits')).toBeTruthy();
    expect(item.queryByText(/\$/)).toBeNull();
    expect(item.getByRole('columnheader', { name: 'In force' })).toBeTruthy();
    expect(item.getByRole('columnheader', { name: 'Proposed' })).toBeTruthy();
    const ethereum = within(item.getByRole('rowgroup', { name: 'Ethereum' }));
    expect(ethereum.getByText('Changes')).toBeTruthy();
    expect(ethereum.getByText(before.ethereum)).toBeTruthy();
    expect(ethereum.getByText(after.ethereum)).toBeTruthy();
    expect(within(item.getByRole('rowgroup', { name: 'Bitcoin' })).getByText('Unchanged')).toBeTruthy();
    expect(item.getByText('Your role cannot decide this request.')).toBeTruthy();
    accountant.unmount();

    // An admin approves it with a reason.
    renderTab('admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(
      dialog.getByText(
        'The change of the deposit addresses requested by Mona Maker takes effect at once: customers are shown the new addresses.',
      ),
    ).toBeTruthy();
    await user.type(dialog.getByLabelText('Reason'), 'Called the treasurer');
    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved: the action was carried out')).toBeTruthy();
    expect(callsTo(fetchMock, approve)).toEqual([{ reason: 'Called the treasurer' }]);
  });

  test('a change of the second approval threshold shows the threshold in force and the proposed one; only settings.manage decides it', async () => {
    const change = buildApproval({
      id: id(6),
      kind: 'four_eyes_threshold',
      userId: null,
      email: null,
      amount: null,
      direction: null,
      thresholdChange: { before: '1000.00', after: '5000.00' },
      maker: { id: 'maker-1', name: 'Mona Maker', role: 'admin' },
      makerReason: 'Month-end batch of refunds',
    });
    const approve = `POST /api/admin/approvals/${id(6)}/approve`;
    const fetchMock = mockApi({
      [LIST]: pageReply([change]),
      [approve]: { status: 200, body: { ...change, status: 'approved' } },
    });
    const accountant = renderTab('accountant');
    const item = within(
      await screen.findByRole('listitem', {
        name: 'Second approval threshold change requested by Mona Maker',
      }),
    );
    expect(
      item.getByText(
        'When adjustments, withdrawals, desk trades and address changes need a second staff member',
      ),
    ).toBeTruthy();
    expect(item.getByRole('columnheader', { name: 'In force' })).toBeTruthy();
    expect(item.getByRole('columnheader', { name: 'Proposed' })).toBeTruthy();
    expect(item.getByText('$1,000.00')).toBeTruthy();
    expect(item.getByText('$5,000.00')).toBeTruthy();
    expect(item.getByText('Raises the threshold')).toBeTruthy();
    expect(item.getByText('Your role cannot decide this request.')).toBeTruthy();
    accountant.unmount();

    renderTab('admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(
      dialog.getByText(
        'The change of the second approval threshold from $1,000.00 to $5,000.00, requested by Mona Maker, takes effect at once.',
      ),
    ).toBeTruthy();
    await user.type(dialog.getByLabelText('Reason'), 'Agreed at the risk meeting');
    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved: the action was carried out')).toBeTruthy();
    expect(callsTo(fetchMock, approve)).toEqual([{ reason: 'Agreed at the risk meeting' }]);
  });

  test('turning off "withdrawals need a verified identity" says what it lets through, in force beside proposed; only settings.manage decides it', async () => {
    const change = buildApproval({
      id: id(7),
      kind: 'identity_for_withdrawals',
      userId: null,
      email: null,
      amount: null,
      direction: null,
      identityRuleChange: { before: true, after: false },
      maker: { id: 'maker-1', name: 'Mona Maker', role: 'admin' },
      makerReason: 'Launch in a market without ID checks',
    });
    const reject = `POST /api/admin/approvals/${id(7)}/reject`;
    const fetchMock = mockApi({
      [LIST]: pageReply([change]),
      [reject]: { status: 200, body: { ...change, status: 'rejected' } },
    });
    const accountant = renderTab('accountant');
    const item = within(
      await screen.findByRole('listitem', {
        name: 'Withdrawal identity requirement change requested by Mona Maker',
      }),
    );
    expect(item.getByText('Whether an account whose identity is not verified may withdraw')).toBeTruthy();
    expect(item.getByRole('columnheader', { name: 'In force' })).toBeTruthy();
    expect(item.getByRole('columnheader', { name: 'Proposed' })).toBeTruthy();
    expect(item.getByText('On: withdrawals need a verified identity')).toBeTruthy();
    expect(
      item.getByText(
        'Off: an unverified account may withdraw up to the unverified withdrawal limit in 30 days',
      ),
    ).toBeTruthy();
    expect(item.getByText('Lets unverified accounts withdraw')).toBeTruthy();
    expect(item.getByText('“Launch in a market without ID checks”')).toBeTruthy();
    expect(item.getByText('Your role cannot decide this request.')).toBeTruthy();
    accountant.unmount();

    renderTab('admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(
      dialog.getByText(
        'Turning off "Withdrawals need a verified identity", requested by Mona Maker, is refused: withdrawals still need a verified identity.',
      ),
    ).toBeTruthy();
    await user.type(dialog.getByLabelText('Reason'), 'Not during an audit');
    await user.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('Request rejected: nothing moved')).toBeTruthy();
    expect(callsTo(fetchMock, reject)).toEqual([{ reason: 'Not during an audit' }]);
  });

  test('raising a limit of unverified accounts shows the raised limit, in force beside proposed; only settings.manage decides it', async () => {
    const change = buildApproval({
      id: id(7),
      kind: 'unverified_limits',
      userId: null,
      email: null,
      amount: null,
      direction: null,
      limitsChange: {
        before: { deposit: '1000.00', withdrawal: '0.00' },
        after: { deposit: '5000.00', withdrawal: '0.00' },
      },
      maker: { id: 'maker-1', name: 'Mona Maker', role: 'admin' },
      makerReason: 'Larger first deposits for the launch',
    });
    const approve = `POST /api/admin/approvals/${id(7)}/approve`;
    const fetchMock = mockApi({
      [LIST]: pageReply([change]),
      [approve]: { status: 200, body: { ...change, status: 'approved' } },
    });
    const accountant = renderTab('accountant');
    const item = within(
      await screen.findByRole('listitem', {
        name: 'Unverified account limits change requested by Mona Maker',
      }),
    );
    expect(
      item.getByText(
        'How much an account whose identity is not verified may deposit and withdraw in 30 days',
      ),
    ).toBeTruthy();
    const deposit = within(item.getByRole('rowgroup', { name: 'Largest deposit in 30 days' }));
    expect(deposit.getByText('Raises the limit')).toBeTruthy();
    expect(deposit.getByText('$1,000.00')).toBeTruthy();
    expect(deposit.getByText('$5,000.00')).toBeTruthy();
    // The withdrawal limit does not change: it is not compared.
    expect(item.queryByRole('rowgroup', { name: 'Largest withdrawal in 30 days' })).toBeNull();
    expect(item.getByText('“Larger first deposits for the launch”')).toBeTruthy();
    expect(item.getByText('Your role cannot decide this request.')).toBeTruthy();
    accountant.unmount();

    renderTab('admin');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(
      dialog.getByText(
        'Raising the unverified account limits (largest deposit in 30 days from $1,000.00 to $5,000.00), requested by Mona Maker, takes effect at once.',
      ),
    ).toBeTruthy();
    await user.type(dialog.getByLabelText('Reason'), 'Agreed at the risk meeting');
    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved: the action was carried out')).toBeTruthy();
    expect(callsTo(fetchMock, approve)).toEqual([{ reason: 'Agreed at the risk meeting' }]);
  });

  test('a desk trade shows the booked trade (instrument, direction, amount, lot size, times, prices, result) and its reason', async () => {
    const booking = buildApproval({
      id: id(7),
      kind: 'desk_trade',
      userId: 'user-42',
      email: 'ada@example.com',
      amount: '7457.12',
      direction: null,
      deskTrade: {
        symbol: 'BTCUSD',
        direction: 'buy',
        amount: '5000.00',
        lotSize: '100.00',
        openedAt: '2026-03-04T09:15:00.000Z',
        openPrice: '67050.00',
        closedAt: '2026-03-04T10:42:00.000Z',
        closePrice: '68050.00',
        result: '7457.12',
      },
      makerReason: 'Executed by phone on your instruction of Monday',
    });
    const approve = `POST /api/admin/approvals/${id(7)}/approve`;
    const fetchMock = mockApi({
      [LIST]: pageReply([booking]),
      [approve]: { status: 200, body: { ...booking, status: 'approved', tradeId: id(11) } },
    });
    renderTab('admin');
    const item = within(
      await screen.findByRole('listitem', {
        name: 'Desk trade: BUY BTCUSD, result +$7,457.12, for ada@example.com',
      }),
    );
    expect(item.getByText('Desk trade')).toBeTruthy();
    expect(item.getByRole('link', { name: 'ada@example.com' }).getAttribute('href')).toBe('/user/user-42');
    const details = within(item.getByLabelText('Booked trade'));
    expect(details.getByText('BTCUSD')).toBeTruthy();
    expect(details.getByText('BUY')).toBeTruthy();
    expect(details.getByText('$5,000.00')).toBeTruthy();
    expect(details.getByText('×100.00')).toBeTruthy();
    expect(details.getByText('2026-03-04 09:15 UTC')).toBeTruthy();
    expect(details.getByText('2026-03-04 10:42 UTC')).toBeTruthy();
    expect(details.getByText('67,050.00')).toBeTruthy();
    expect(details.getByText('68,050.00')).toBeTruthy();
    expect(details.getByText('+$7,457.12')).toBeTruthy();
    expect(item.getByText('Booked by (the reason the customer reads)')).toBeTruthy();
    expect(item.getByText('“Executed by phone on your instruction of Monday”')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(item.getByRole('button', { name: 'Approve' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(
      dialog.getByText(
        'The BUY BTCUSD desk trade for ada@example.com with a result of +$7,457.12, booked by Mona Maker, is checked again and proposed to the customer at once: they are mailed and may accept it.',
      ),
    ).toBeTruthy();
    await user.type(dialog.getByLabelText('Reason'), 'Matched the broker ticket');
    await user.click(dialog.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Approved: the action was carried out')).toBeTruthy();
    expect(callsTo(fetchMock, approve)).toEqual([{ reason: 'Matched the broker ticket' }]);
  });

  test('a desk trade with a loss reads as a loss; rejecting it says the customer is never told', async () => {
    const loss = buildApproval({
      id: id(8),
      kind: 'desk_trade',
      amount: '5000.00',
      direction: null,
      deskTrade: {
        symbol: 'EURUSD',
        direction: 'sell',
        amount: '5000.00',
        lotSize: '50.00',
        openedAt: '2026-03-04T09:15:00.000Z',
        openPrice: '1.08000',
        closedAt: '2026-03-04T10:42:00.000Z',
        closePrice: '1.20000',
        result: '-5000.00',
      },
    });
    mockApi({ [LIST]: pageReply([loss]) });
    renderTab('accountant');
    const item = within(
      await screen.findByRole('listitem', {
        name: 'Desk trade: SELL EURUSD, result −$5,000.00, for ada@example.com',
      }),
    );
    expect(item.getByText('loss')).toBeTruthy();
    await userEvent.setup().click(item.getByRole('button', { name: 'Reject' }));
    expect(
      within(screen.getByRole('dialog')).getByText(
        'The SELL EURUSD desk trade for ada@example.com with a result of −$5,000.00, booked by Mona Maker, is refused: the customer is never told of it.',
      ),
    ).toBeTruthy();
  });

  test('a desk trade that expired waiting reads as expired, with when and why, and nobody named as its checker', async () => {
    const expired = buildApproval({
      id: id(12),
      kind: 'desk_trade',
      status: 'expired',
      email: 'ada@example.com',
      amount: '7457.12',
      direction: null,
      deskTrade: {
        symbol: 'BTCUSD',
        direction: 'buy',
        amount: '5000.00',
        lotSize: '100.00',
        openedAt: '2026-03-04T09:15:00.000Z',
        openPrice: '67050.00',
        closedAt: '2026-03-04T10:42:00.000Z',
        closePrice: '68050.00',
        result: '7457.12',
      },
      checker: { id: 'system', name: 'system', role: 'system' },
      checkerReason:
        'Its open time is now more than 7 days back, outside the booking window: it can no longer be approved.',
      decidedAt: '2026-03-11T09:20:00.000Z',
    });
    mockApi({ [LIST]: pageReply([expired]) });
    renderTab('admin');
    const done = within(await screen.findByRole('region', { name: 'Decided' }));
    const item = within(
      done.getByRole('listitem', { name: 'Desk trade: BUY BTCUSD, result +$7,457.12, for ada@example.com' }),
    );
    expect(item.getByText('Expired', { selector: 'span' })).toBeTruthy();
    expect(item.getByText('Expired', { selector: 'dt' })).toBeTruthy();
    expect(
      item.getByText(
        'Its open time is now more than 7 days back, outside the booking window: it can no longer be approved.',
      ),
    ).toBeTruthy();
    expect(item.queryByText('Rejected by')).toBeNull();
    expect(item.queryByText(/system/)).toBeNull();
    expect(item.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  test('an empty list says what waits here', async () => {
    mockApi({ [LIST]: pageReply([]) });
    renderTab();
    expect(await screen.findByText('No approvals yet.')).toBeTruthy();
    // Every kind that can wait is named, the identity rule and the unverified limits too.
    const says = screen.getByText(/wait here for a second staff member/).textContent ?? '';
    for (const kind of [
      'Manual adjustments',
      'withdrawal approvals',
      'desk trades',
      'deposit addresses',
      'that threshold',
      'no longer requiring a verified identity for withdrawals',
      'raising the limits of unverified accounts',
    ]) {
      expect(says).toContain(kind);
    }
  });

  test('while nobody else can approve anything, the tab says four-eyes waits for a second staff member', async () => {
    mockApi({ [LIST]: pageReply([]), [DECIDERS]: decidersReply([]) });
    renderTab('admin');
    const note = await screen.findByRole('note');
    expect(note.textContent).toBe(
      'Four-eyes applies once a second staff member who can approve exists.' +
        'Until then, requests above the threshold are carried out at once, and the audit log says so.',
    );
  });

  test('when only some kinds have a second decider, the others are named; none missing, no note', async () => {
    mockApi({
      [LIST]: pageReply([waitingAdjustment]),
      [DECIDERS]: decidersReply(['adjustment', 'withdrawal_approval', 'desk_trade']),
    });
    renderTab('admin');
    expect((await screen.findByRole('note')).textContent).toContain(
      'No other staff member can approve these yet, so they are carried out at once: Deposit address change, Second approval threshold change, Withdrawal identity requirement change, Unverified account limits change.',
    );
  });

  test('with a second decider for every kind there is no note', async () => {
    mockApi({
      [LIST]: pageReply([waitingAdjustment]),
      [DECIDERS]: decidersReply([
        'adjustment',
        'withdrawal_approval',
        'wallet_change',
        'four_eyes_threshold',
        'desk_trade',
        'identity_for_withdrawals',
      ]),
    });
    renderTab('admin');
    await screen.findByRole('region', { name: 'Awaiting second approval' });
    await waitFor(() => expect(screen.queryByRole('note')).toBeNull());
  });
});

describe('formatWaitingTime', () => {
  const since = '2026-03-04T12:00:00.000Z';
  const at = (minutes: number) => new Date(since).getTime() + minutes * 60_000;
  test.each([
    [0, 'less than a minute'],
    [5, '5 min'],
    [60, '1 h'],
    [125, '2 h 5 min'],
    [24 * 60, '1 d'],
    [26 * 60 + 30, '1 d 2 h'],
  ])('%i minutes read "%s"', (minutes, text) => {
    expect(formatWaitingTime(since, at(minutes))).toBe(text);
  });
});
