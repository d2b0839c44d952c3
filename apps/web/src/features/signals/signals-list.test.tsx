import type { MyPlans, PlanPurchase } from '@candor/contracts/plans';
import type { SignalList } from '@candor/contracts/signals';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { buildMe, callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { SignalsList } from './signals-list.tsx';

const HOUR = 1_772_636_400;

function item(symbol: string, rating: number | null, direction: SignalList['items'][number]['direction']) {
  return {
    symbol,
    name: `${symbol} name`,
    class: 'crypto' as const,
    rating,
    direction,
    candleTime: rating === null ? null : HOUR - 3600,
    computedAt: rating === null ? null : HOUR,
  };
}

const BASIC: SignalList = {
  plan: { name: 'Basic', instrumentCount: 10, intervals: ['1h'], alerts: false, expiresAt: null },
  interval: '1h',
  chosen: false,
  items: [
    item('ETHUSD', 35, 'sell'),
    item('BTCUSD', 72, 'buy'),
    item('NEWUSD', null, null),
    item('SOLUSD', 90, 'strong_buy'),
  ],
};

function signalPlan(overrides: Partial<PlanPurchase> = {}): PlanPurchase {
  return {
    id: 'purchase-1',
    planId: 'plan-basic',
    kind: 'signal',
    name: 'Basic',
    description: 'Ratings of 10 instruments',
    price: '1000.00',
    durationDays: 30,
    features: { kind: 'signal', instrumentCount: 10, intervals: ['1h'], alerts: false },
    purchasedAt: '2026-11-01T10:00:00.000Z',
    expiresAt: '2026-12-01T10:00:00.000Z',
    replacedAt: null,
    replacementCredit: null,
    status: 'active',
    ...overrides,
  };
}

const WITH_PLAN: MyPlans = { active: [signalPlan()], past: [] };
const WITHOUT_PLAN: MyPlans = { active: [], past: [] };

function render(handlers: Parameters<typeof mockApi>[0], options: Parameters<typeof renderPages>[2] = {}) {
  const fetchMock = mockApi({ 'GET /api/plans/mine': { status: 200, body: WITH_PLAN }, ...handlers });
  renderPages([{ path: '/signal', component: SignalsList }], '/signal', { me: buildMe(), ...options });
  return fetchMock;
}

function rowSymbols(): string[] {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('SignalsList', () => {
  test('without a plan the list is locked and points at the plans, and is never asked for', async () => {
    const fetchMock = render({ 'GET /api/plans/mine': { status: 200, body: WITHOUT_PLAN } });
    expect(
      await screen.findByText('A signal plan unlocks computed ratings for more instruments'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the signal plans' }).getAttribute('href')).toBe(
      '#signal-plans',
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(callsTo(fetchMock, 'GET /api/signals')).toEqual([]);
  });

  test('an expired plan says so, in the words of the server, and the list is not asked for', async () => {
    const expired = signalPlan({
      name: 'Silver',
      expiresAt: '2026-12-25T08:00:00.000Z',
      status: 'expired',
    });
    const fetchMock = render({
      'GET /api/plans/mine': { status: 200, body: { active: [], past: [expired] } },
    });
    expect(
      await screen.findByText(
        /Your Silver signal plan expired on 25 December 2026\. A signal plan unlocks the signals list again\./,
      ),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'GET /api/signals')).toEqual([]);
  });

  test('an active trading package is not a signal plan', async () => {
    const trading = signalPlan({
      kind: 'trading',
      name: 'Raw',
      features: { kind: 'trading', maxLeverage: 500, forexSpreadPips: '0.8', otherSpreadPercent: '0.05' },
    });
    const fetchMock = render({
      'GET /api/plans/mine': { status: 200, body: { active: [trading], past: [] } },
    });
    expect(
      await screen.findByText('A signal plan unlocks computed ratings for more instruments'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'GET /api/signals')).toEqual([]);
  });

  test('a plan that ends while the page is open: the refused list shows as locked', async () => {
    render({
      'GET /api/signals': {
        status: 403,
        body: {
          code: 'FORBIDDEN',
          message:
            'Your Basic signal plan expired on 1 December 2026. A signal plan unlocks the signals list again.',
        },
      },
    });
    expect(await screen.findByText(/Your Basic signal plan expired on 1 December 2026/)).toBeTruthy();
  });

  test('staff see what a plan unlocks and ask for no customer data', async () => {
    const fetchMock = render({}, { me: buildMe({ role: 'support' }) });
    expect(
      await screen.findByText('A signal plan unlocks computed ratings for more instruments'),
    ).toBeTruthy();
    expect(callsTo(fetchMock, 'GET /api/plans/mine')).toEqual([]);
    expect(callsTo(fetchMock, 'GET /api/signals')).toEqual([]);
  });

  test('with a plan the rows are sorted by rating, highest first, unrated last, and the order turns over', async () => {
    render({ 'GET /api/signals': { status: 200, body: BASIC } });
    await screen.findByRole('table');
    expect(rowSymbols()).toEqual(['SOLUSD', 'BTCUSD', 'ETHUSD', 'NEWUSD']);
    expect(screen.getByRole('meter', { name: 'BTCUSD rating' }).getAttribute('aria-valuetext')).toBe(
      '72% · Buy',
    );
    expect(screen.getByText('Not enough history yet')).toBeTruthy();
    expect(
      screen.getByRole('link', { name: /BTCUSD, BTCUSD name: open its chart/ }).getAttribute('href'),
    ).toBe('/trades?symbol=BTCUSD');
    await userEvent.click(screen.getByRole('button', { name: /Rating/ }));
    expect(rowSymbols()).toEqual(['ETHUSD', 'BTCUSD', 'SOLUSD', 'NEWUSD']);
    // Only the plan's intervals are tabs; a plan without alerts has no alerts panel.
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['1 hour']);
    expect(screen.queryByText('Rating alerts')).toBeNull();
  });

  test('a plan with alerts lists them and adds one', async () => {
    const fetchMock = render({
      'GET /api/signals': {
        status: 200,
        body: { ...BASIC, plan: { ...BASIC.plan, name: 'Silver', intervals: ['1h', '4h'], alerts: true } },
      },
      'GET /api/signal-alerts': { status: 200, body: { enabled: true, reason: null, max: 20, items: [] } },
      'POST /api/signal-alerts': {
        status: 200,
        body: {
          id: '00000000-0000-4000-8000-000000000001',
          symbol: 'ETHUSD',
          name: 'ETHUSD name',
          interval: '4h',
          threshold: 25,
          direction: 'below',
          lastRating: null,
          lastRatedAt: null,
          lastNotifiedAt: null,
          pausedReason: null,
          createdAt: '2026-11-25T20:00:00.000Z',
        },
      },
    });
    expect(await screen.findByText('No alerts yet.')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Instrument'), 'ETHUSD');
    await userEvent.selectOptions(screen.getByLabelText('Candles'), '4h');
    await userEvent.selectOptions(screen.getByLabelText('When the rating'), 'below');
    const threshold = screen.getByLabelText('Threshold (%)');
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '100');
    expect(screen.getByText('Enter a whole number from 1 to 99.')).toBeTruthy();
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '25');
    await userEvent.click(screen.getByRole('button', { name: 'Add alert' }));
    await screen.findByRole('button', { name: 'Add alert' });
    expect(callsTo(fetchMock, 'POST /api/signal-alerts')).toEqual([
      { symbol: 'ETHUSD', interval: '4h', direction: 'below', threshold: 25 },
    ]);
  });

  test('a double click on Add alert adds the alert once and says so once', async () => {
    const fetchMock = render({
      'GET /api/signals': {
        status: 200,
        body: { ...BASIC, plan: { ...BASIC.plan, name: 'Silver', intervals: ['1h', '4h'], alerts: true } },
      },
      'GET /api/signal-alerts': { status: 200, body: { enabled: true, reason: null, max: 20, items: [] } },
      'POST /api/signal-alerts': {
        status: 200,
        body: {
          id: '00000000-0000-4000-8000-000000000001',
          symbol: 'ETHUSD',
          name: 'ETHUSD name',
          interval: '1h',
          threshold: 60,
          direction: 'above',
          lastRating: null,
          lastRatedAt: null,
          lastNotifiedAt: null,
          pausedReason: null,
          createdAt: '2026-11-25T20:00:00.000Z',
        },
      },
    });
    expect(await screen.findByText('No alerts yet.')).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add alert' });

    // Both clicks land before the button shows it is busy.
    fireEvent.click(add);
    fireEvent.click(add);

    expect(await screen.findByText('Alert set: ETHUSD rises above 60%')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/signal-alerts')).toHaveLength(1);
    expect(screen.getAllByText('Alert set: ETHUSD rises above 60%')).toHaveLength(1);
  });

  test('a double click on Save instruments saves them once and says so once', async () => {
    const fetchMock = render({
      'GET /api/signals': { status: 200, body: BASIC },
      'GET /api/instruments': { status: 200, body: { items: [] } },
      'PUT /api/signals/instruments': {
        status: 200,
        body: { symbols: ['ETHUSD', 'BTCUSD', 'NEWUSD', 'SOLUSD'], chosen: true },
      },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Edit instruments' }));
    const save = await screen.findByRole('button', { name: 'Save instruments' });

    // Both clicks land before the button shows it is busy.
    fireEvent.click(save);
    fireEvent.click(save);

    expect(await screen.findByText('Your instruments are saved')).toBeTruthy();
    expect(callsTo(fetchMock, 'PUT /api/signals/instruments')).toHaveLength(1);
    expect(screen.getAllByText('Your instruments are saved')).toHaveLength(1);
  });
});
