import type { CopyRelation, SkippedCopy, StrategyProviderCard } from '@candor/contracts/copy-trading';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { buildMe, callsTo, mockApi, pageReply, renderPages } from '../../test/render-page.tsx';
import { CopyTraderPage } from './copy-trader-page.tsx';

const CARD: StrategyProviderCard = {
  id: '5a4c0b8e-6c1f-4d5e-9a7b-0c1d2e3f4a5b',
  displayName: 'Aurora FX',
  imageUrl: null,
  minimumBalance: '500.00',
  profitShare: '20.00',
  followers: 3,
  returnRate30d: null,
  copying: false,
  isMe: false,
  openPositions: 2,
};

const BALANCES = {
  available: '800.00',
  reserved: '200.00',
  total: '1000.00',
  deposits: '1000.00',
  profit: '0.00',
  owed: '0.00',
  withdrawable: '800.00',
};

const STOPPED: CopyRelation = {
  id: '7b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d',
  provider: { id: CARD.id, displayName: 'Aurora FX', imageUrl: null },
  status: 'stopped',
  profitShare: '20.00',
  copyStopLoss: '40.00',
  copyLoss: '41.25',
  openCopies: 0,
  copiedOpenPositions: false,
  startedAt: '2026-11-20T10:00:00.000Z',
  endedAt: '2026-11-24T15:30:00.000Z',
  endReason: 'stop_loss',
};

function render(
  extra: Parameters<typeof mockApi>[0] = {},
  role: 'client' | 'admin' | 'owner' = 'client',
  twoFactorEnabled = role !== 'client',
) {
  const api = mockApi({
    'GET /api/strategy-providers': { status: 200, body: { items: [CARD] } },
    'GET /api/strategy-providers/invitation': { status: 200, body: { invitation: null } },
    'GET /api/skipped-copies': pageReply([]),
    'GET /api/copy-relations/mine': { status: 200, body: { items: [] } },
    'GET /api/me/balances': { status: 200, body: BALANCES },
    ...extra,
  });
  renderPages([{ path: '/copy-trader', component: CopyTraderPage }], '/copy-trader', {
    me: buildMe({ role, twoFactorEnabled }),
  });
  return api;
}

describe('CopyTraderPage', () => {
  test('a card shows the real followers and "—" for a return not computed yet, never a number', async () => {
    render();
    const card = await screen.findByRole('listitem');
    expect(within(card).getByText('Aurora FX')).toBeTruthy();
    expect(within(card).getByText('3')).toBeTruthy();
    expect(within(card).getByText('20.00%')).toBeTruthy();
    expect(within(card).getByTitle('Not enough history yet')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'ADD TRADER' })).toBeNull();
  });

  test('Copy sends the stop-loss and the open-positions choice; a refusal shows under the form', async () => {
    const message =
      'You need a balance of at least $500.00 to copy this trader. This amount will not be deducted from your balance.';
    const api = render({
      [`POST /api/strategy-providers/${CARD.id}/copy`]: {
        status: 422,
        body: { code: 'MINIMUM_BALANCE_NOT_MET', message },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    const dialog = screen.getByRole('dialog', { name: 'Copy Aurora FX' });
    await user.type(within(dialog).getByLabelText('Copy stop-loss (optional)'), '150');
    await user.click(
      within(dialog).getByLabelText(
        "Also copy their 2 open positions. They open at today's market price, not the provider's.",
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(message));
    expect(callsTo(api, `POST /api/strategy-providers/${CARD.id}/copy`)).toEqual([
      { copyStopLoss: '150', copyOpenPositions: true },
    ]);
  });

  test('Cancel asks first: Keep copying sends nothing; Cancel copying stops the copy once', async () => {
    const cancelUrl = `POST /api/strategy-providers/${CARD.id}/cancel`;
    const api = render({
      'GET /api/strategy-providers': { status: 200, body: { items: [{ ...CARD, copying: true }] } },
      [cancelUrl]: {
        status: 200,
        body: {
          message: 'Copying trade canceled',
          relation: { ...STOPPED, copyStopLoss: null, copyLoss: '0.00', endReason: 'cancelled' },
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    const asked = screen.getByRole('dialog', { name: 'Cancel copying' });
    expect(asked.textContent).toContain(
      'Stop copying Aurora FX? Their new trades are no longer copied to your account; copied trades that are open stay open.',
    );
    expect(callsTo(api, cancelUrl)).toHaveLength(0);
    await user.click(within(asked).getByRole('button', { name: 'Keep copying' }));
    expect(screen.queryByRole('dialog', { name: 'Cancel copying' })).toBeNull();
    expect(callsTo(api, cancelUrl)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Cancel copying' })).getByRole('button', {
        name: 'Cancel copying',
      }),
    );
    expect(await screen.findByText('Copying trade canceled')).toBeTruthy();
    expect(callsTo(api, cancelUrl)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cancel copying' })).toBeNull());
  });

  test('Skipped copies shows an empty state when nothing was skipped', async () => {
    render();
    const section = await screen.findByRole('region', { name: 'Skipped copies' });
    expect(await within(section).findByText('No skipped copies.')).toBeTruthy();
  });

  test('a skipped copy reads its trader, instrument and why', async () => {
    const skipped: SkippedCopy = {
      id: '7b1c0b8e-6c1f-4d5e-9a7b-0c1d2e3f4a5b',
      skippedAt: '2026-11-24T09:00:00.000Z',
      provider: { id: CARD.id, displayName: 'Aurora FX' },
      symbol: 'BTCUSD',
      direction: 'buy',
      reasonCode: 'NOT_ENOUGH_CASH',
      message: 'The copy needs $100.00 but your available balance is $10.00.',
    };
    render({ 'GET /api/skipped-copies': pageReply([skipped]) });
    const list = await screen.findByRole('list', { name: 'Skipped copies' });
    const item = within(list).getByRole('listitem');
    expect(item.textContent).toContain('Aurora FX');
    expect(item.textContent).toContain('BUY BTCUSD');
    expect(within(item).getByText(skipped.message)).toBeTruthy();
  });

  test('an owner without two-factor is told to turn it on first: no ADD TRADER, no invitations asked for', async () => {
    const api = render({}, 'owner', false);
    const card = within(await screen.findByRole('list', { name: 'Traders' })).getByRole('listitem');
    expect(
      await screen.findByText(
        'Staff accounts must turn on two-factor authentication before using the back office.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Turn on two-factor' }).getAttribute('href')).toBe('/two-factor');
    expect(screen.queryByRole('link', { name: 'ADD TRADER' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(card).queryByRole('button', { name: 'Edit terms' })).toBeNull();
    expect(screen.queryByText('The providers could not be loaded.')).toBeNull();
    expect(callsTo(api, 'GET /api/admin/strategy-providers')).toEqual([]);
  });

  test('an owner with two-factor on manages the traders: ADD TRADER, Edit terms and Delete', async () => {
    const api = render(
      { 'GET /api/admin/strategy-providers': { status: 200, body: { items: [] } } },
      'owner',
    );
    const card = within(await screen.findByRole('list', { name: 'Traders' })).getByRole('listitem');
    expect(screen.getByRole('link', { name: 'ADD TRADER' })).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Turn on two-factor' })).toBeNull();
    await waitFor(() => expect(callsTo(api, 'GET /api/admin/strategy-providers')).not.toEqual([]));
  });

  test('staff see no skipped copies (they copy nobody), and the list is not asked for', async () => {
    const api = render({}, 'admin');
    await screen.findByRole('listitem');
    expect(screen.queryByRole('region', { name: 'Skipped copies' })).toBeNull();
    expect(callsTo(api, 'GET /api/skipped-copies')).toEqual([]);
  });

  test('a copy stop-loss above the equity is refused in the form, before anything is sent', async () => {
    const api = render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    const dialog = screen.getByRole('dialog', { name: 'Copy Aurora FX' });
    await within(dialog).findByText(/At most your equity, \$1,000\.00\./);
    // What a small limit does is said before it is set: a copy whose spread alone reaches it is skipped.
    expect(within(dialog).getByText(/A copy whose spread alone would reach it is skipped\./)).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Copy stop-loss (optional)'), '1000.01');
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(
      await within(dialog).findByText('The copy stop-loss cannot be more than your equity ($1,000.00).'),
    ).toBeTruthy();
    expect(callsTo(api, `POST /api/strategy-providers/${CARD.id}/copy`)).toEqual([]);
  });

  test.each([
    ['-5', 'The amount must be greater than zero'],
    ['abc', 'Enter an amount such as 100.00'],
    ['1.234', 'Amounts have at most 2 decimals'],
    ['0', 'The amount must be greater than zero'],
  ])('a copy stop-loss of "%s" reads "%s" under the field, and nothing is sent', async (typed, message) => {
    const api = render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    const dialog = screen.getByRole('dialog', { name: 'Copy Aurora FX' });
    await within(dialog).findByText(/At most your equity, \$1,000\.00\./);
    await user.type(within(dialog).getByLabelText('Copy stop-loss (optional)'), typed);
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(callsTo(api, `POST /api/strategy-providers/${CARD.id}/copy`)).toEqual([]);
  });

  test('a copy stop-loss of 0 corrected to 1.234 reads the decimals message, not the zero one', async () => {
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    const dialog = screen.getByRole('dialog', { name: 'Copy Aurora FX' });
    await within(dialog).findByText(/At most your equity, \$1,000\.00\./);
    const input = within(dialog).getByLabelText('Copy stop-loss (optional)');
    await user.type(input, '0');
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    await within(dialog).findByText('The amount must be greater than zero');
    await user.clear(input);
    await user.type(input, '1.234');
    expect(await within(dialog).findByText('Amounts have at most 2 decimals')).toBeTruthy();
    expect(within(dialog).queryByText('The amount must be greater than zero')).toBeNull();
  });

  test('a relation the copy stop-loss ended shows its limit, its loss and why it ended', async () => {
    render({ 'GET /api/copy-relations/mine': { status: 200, body: { items: [STOPPED] } } });
    const list = await screen.findByRole('list', { name: 'Your copies' });
    const item = within(list).getByRole('listitem');
    expect(within(item).getByText('$40.00')).toBeTruthy();
    expect(within(item).getByText('\u2212$41.25')).toBeTruthy();
    expect(within(item).getAllByText(/Copy stop-loss reached/)).toHaveLength(2);
  });
});
