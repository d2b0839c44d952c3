import type { Trade } from '@candor/contracts/trades';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { queryKeys } from '../../lib/query-keys.ts';
import { buildMe, callsTo, idempotencyKeys, mockApi, renderPages } from '../../test/render-page.tsx';
import { buildTrade } from '../../test/trades.ts';
import { DeskTradesBanner } from './desk-trades-banner.tsx';
import { DeskTradesPage } from './desk-trades-page.tsx';

const ID = '00000000-0000-4000-8000-0000000000d1';
const ACCEPT_URL = `POST /api/desk-trades/${ID}/accept`;
const REJECT_URL = `POST /api/desk-trades/${ID}/reject`;

const PROPOSED = {
  status: 'proposed',
  reason: 'Executed by phone on your instruction',
  bookedAt: '2026-03-05T09:00:00.000Z',
  expiresAt: '2026-03-12T09:00:00.000Z',
  decidedAt: null,
} as const satisfies Trade['desk'];

function proposal(overrides: Partial<Trade> = {}): Trade {
  return buildTrade(1, {
    id: ID,
    symbol: 'BTCUSD',
    instrumentClass: 'crypto',
    direction: 'sell',
    amount: '250.00',
    lotSize: '2.00',
    openPrice: '67234.12',
    closePrice: '67000.00',
    result: '1.74',
    closedBy: 'desk',
    bookedByDesk: true,
    desk: PROPOSED,
    ...overrides,
  });
}

function page(items: Trade[]) {
  return { status: 200, body: { items, page: 1, pageCount: 1, total: items.length } };
}

/** Confirms the answer in its dialog (the card's button only opens it). */
async function confirmIn(user: ReturnType<typeof userEvent.setup>, title: string, button: string) {
  const dialog = within(await screen.findByRole('dialog', { name: title }));
  await user.click(dialog.getByRole('button', { name: button }));
}

function renderDeskTrades() {
  return renderPages([{ path: '/desk-trades', component: DeskTradesPage }], '/desk-trades', {
    me: buildMe(),
  });
}

describe('/desk-trades', () => {
  test('shows everything about the proposal: instrument, side, amount, prices, times, result, reason, expiry', async () => {
    mockApi({ 'GET /api/desk-trades': page([proposal()]) });
    renderDeskTrades();
    const card = within(await screen.findByRole('article', { name: 'SELL BTCUSD, Awaiting acceptance' }));
    expect(card.getByText('Booked by desk')).toBeTruthy();
    expect(card.getByText(/^Awaiting acceptance until/)).toBeTruthy();
    expect(card.getByText('$250.00 · lot size 2.00')).toBeTruthy();
    expect(card.getByText('67,234.12')).toBeTruthy();
    expect(card.getByText('67,000.00')).toBeTruthy();
    expect(card.getByText('+$1.74')).toBeTruthy();
    expect(card.getByText('Executed by phone on your instruction')).toBeTruthy();
    expect(card.getByText(/^The desk, on/)).toBeTruthy();
    expect(card.getByText(/nothing is posted/)).toBeTruthy();
    expect(card.getByRole('button', { name: 'Accept trade' })).toBeTruthy();
    expect(card.getByRole('button', { name: 'Reject trade' })).toBeTruthy();
  });

  test('Accept sends an Idempotency-Key, says the result is on the statement and shows it accepted', async () => {
    let accepted = false;
    const decided = proposal({
      desk: { ...PROPOSED, status: 'accepted', decidedAt: '2026-03-06T10:00:00.000Z' },
    });
    const fetchMock = mockApi({
      'GET /api/desk-trades': () => page([accepted ? decided : proposal()]),
      [ACCEPT_URL]: () => {
        accepted = true;
        return { status: 200, body: decided };
      },
    });
    renderDeskTrades();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept trade' }));
    await confirmIn(user, 'Accept this trade?', 'Accept trade');
    expect(await screen.findByText('Trade accepted: its result is on your statement')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(idempotencyKeys(fetchMock, `/api/desk-trades/${ID}/accept`)[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText(/^Accepted /)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept trade' })).toBeNull();
    expect(callsTo(fetchMock, REJECT_URL)).toHaveLength(0);
  });

  test('Reject posts nothing; a refusal (already expired) is shown and retried with the same key', async () => {
    const fetchMock = mockApi({
      'GET /api/desk-trades': page([proposal()]),
      [REJECT_URL]: {
        status: 409,
        body: { code: 'ALREADY_DECIDED', message: 'This trade was already expired.' },
      },
    });
    renderDeskTrades();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject trade' }));
    await confirmIn(user, 'Reject this trade?', 'Reject trade');
    const card = within(screen.getByRole('article'));
    expect(await card.findByRole('alert')).toBeTruthy();
    expect(card.getByRole('alert').textContent).toBe('This trade was already expired.');
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(card.getByRole('button', { name: 'Reject trade' }));
    await confirmIn(user, 'Reject this trade?', 'Reject trade');
    await waitFor(() => expect(idempotencyKeys(fetchMock, `/api/desk-trades/${ID}/reject`)).toHaveLength(2));
    const [first, second] = idempotencyKeys(fetchMock, `/api/desk-trades/${ID}/reject`);
    expect(second).toBe(first);
    expect(callsTo(fetchMock, ACCEPT_URL)).toHaveLength(0);
  });

  test('each answer is final, so each is confirmed first: Cancel posts nothing', async () => {
    const fetchMock = mockApi({ 'GET /api/desk-trades': page([proposal()]) });
    renderDeskTrades();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Accept trade' }));
    const accepting = within(screen.getByRole('dialog', { name: 'Accept this trade?' }));
    expect(accepting.getByText(/The result of SELL BTCUSD/).textContent).toBe(
      'The result of SELL BTCUSD (+$1.74) is posted to your balance and statement.',
    );
    await user.click(accepting.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reject trade' }));
    const rejecting = within(screen.getByRole('dialog', { name: 'Reject this trade?' }));
    expect(
      rejecting.getByText('Nothing is posted for SELL BTCUSD. A rejected trade cannot be accepted later.'),
    ).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo(fetchMock, ACCEPT_URL)).toHaveLength(0);
    expect(callsTo(fetchMock, REJECT_URL)).toHaveLength(0);
  });

  test('decided trades show their state and time, without buttons', async () => {
    mockApi({
      'GET /api/desk-trades': page([
        proposal({ desk: { ...PROPOSED, status: 'expired', decidedAt: '2026-03-12T09:00:00.000Z' } }),
      ]),
    });
    renderDeskTrades();
    expect(await screen.findByRole('article', { name: 'SELL BTCUSD, Expired' })).toBeTruthy();
    expect(screen.getByText(/^Expired /)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept trade' })).toBeNull();
  });
});

describe('the desk trades banner', () => {
  function renderBanner() {
    return renderPages([{ path: '/dashboard', component: DeskTradesBanner }], '/dashboard', {
      me: buildMe(),
    });
  }

  test('says a trade awaits acceptance and links to /desk-trades', async () => {
    mockApi({ 'GET /api/desk-trades/summary': { status: 200, body: { awaiting: 1 } } });
    renderBanner();
    expect(await screen.findByText('A trade booked by the desk awaits your acceptance')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review desk trades' }).getAttribute('href')).toBe(
      '/desk-trades',
    );
  });

  test('shows nothing when no trade awaits', async () => {
    mockApi({ 'GET /api/desk-trades/summary': { status: 200, body: { awaiting: 0 } } });
    const { queryClient } = renderBanner();
    await waitFor(() =>
      expect(queryClient.getQueryData(queryKeys.deskTradeSummary)).toEqual({ awaiting: 0 }),
    );
    expect(screen.queryByText('A trade booked by the desk awaits your acceptance')).toBeNull();
  });
});
