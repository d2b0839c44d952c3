import { PLAN_MESSAGES, type Plan, type PlanPurchase } from '@candor/contracts/plans';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { buildMe, callsTo, idempotencyKeys, mockApi, renderPages } from '../../test/render-page.tsx';
import { PlanCatalogue, planOffer } from './plan-catalogue.tsx';

const DAY = 24 * 60 * 60 * 1000;

function signalPlan(id: string, name: string, price: string, rank: number, extra: Partial<Plan> = {}): Plan {
  return {
    id,
    kind: 'signal',
    name,
    description: `Computed ratings for ${name}.`,
    price,
    durationDays: 30,
    onSale: true,
    rank,
    features: { kind: 'signal', instrumentCount: 10, intervals: ['4h', '1h'], alerts: false },
    updatedAt: '2026-11-01T00:00:00.000Z',
    ...extra,
  };
}

const UNLIMITED = signalPlan('p0', 'Unlimited', '500.00', 10, { durationDays: null });
const BASIC = signalPlan('p1', 'Basic', '1000.00', 20);
const DIAMOND = signalPlan('p2', 'Diamond', '4000.00', 50, {
  features: { kind: 'signal', instrumentCount: null, intervals: ['1d', '1h', '4h'], alerts: true },
});

function purchaseOf(plan: Plan, purchasedAt: Date): PlanPurchase {
  if (plan.features.kind === 'loan' || plan.kind === 'loan') throw new Error('not purchasable');
  return {
    id: `buy-${plan.id}`,
    planId: plan.id,
    kind: plan.kind,
    name: plan.name,
    description: plan.description,
    price: plan.price ?? '0.00',
    durationDays: plan.durationDays,
    features: plan.features,
    purchasedAt: purchasedAt.toISOString(),
    expiresAt:
      plan.durationDays === null
        ? null
        : new Date(purchasedAt.getTime() + plan.durationDays * DAY).toISOString(),
    replacedAt: null,
    replacementCredit: null,
    status: 'active',
  };
}

function render({
  available,
  active = [],
  purchase = { status: 200, body: purchaseOf(BASIC, new Date()) },
}: {
  available: string;
  active?: PlanPurchase[];
  purchase?: { status: number; body: unknown };
}) {
  const fetchMock = mockApi({
    'GET /api/plans': { status: 200, body: { items: [DIAMOND, BASIC, UNLIMITED] } },
    'GET /api/plans/mine': { status: 200, body: { active, past: [] } },
    'GET /api/me/balances': {
      status: 200,
      body: {
        available,
        reserved: '0.00',
        total: available,
        deposits: available,
        profit: '0.00',
        owed: '0.00',
        withdrawable: available,
      },
    },
    'POST /api/plans/p1/purchase': purchase,
  });
  const view = renderPages(
    [
      { path: '/signal', component: () => <PlanCatalogue kind="signal" /> },
      { path: '/deposit', component: () => <p>Deposit page</p> },
    ],
    '/signal',
    { me: buildMe() },
  );
  return { fetchMock, ...view };
}

describe('PlanCatalogue', () => {
  test('cards in rank order show price, duration and the features written out', async () => {
    render({ available: '0.00' });
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['Unlimited', 'Basic', 'Diamond']);
    const [unlimited, basic, diamond] = cards as [HTMLElement, HTMLElement, HTMLElement];
    expect(unlimited.textContent).toContain('No end date');
    expect(basic.textContent).toContain('$1,000.00');
    expect(basic.textContent).toContain('30 days');
    expect(basic.textContent).toContain('Ratings of 10 instruments');
    expect(basic.textContent).toContain('Intervals: 1 hour, 4 hours');
    expect(basic.textContent).not.toContain('Rating alerts');
    expect(diamond.textContent).toContain('Ratings of every instrument');
    expect(diamond.textContent).toContain('Intervals: 1 hour, 4 hours, 1 day');
    expect(diamond.textContent).toContain('Rating alerts in the app and by e-mail');
  });

  test('with enough cash, PURCHASE PLAN confirms the price and buys with an Idempotency-Key at that price', async () => {
    const { fetchMock } = render({ available: '1500.00' });
    const basic = await screen.findByRole('article', { name: 'Basic' });
    fireEvent.click(within(basic).getByRole('button', { name: 'PURCHASE PLAN' }));
    const dialog = screen.getByRole('dialog', { name: 'Buy Basic' });
    expect(dialog.textContent).toContain('$1,000.00');
    expect(dialog.textContent).toContain('30 days');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm purchase' }));
    expect(await screen.findByText('Basic is active')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/plans/p1/purchase')).toEqual([{ expectedPrice: '1000.00' }]);
    expect(idempotencyKeys(fetchMock, '/api/plans/p1/purchase')[0]).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('a price changed meanwhile closes the confirmation and says so; the catalogue is read again', async () => {
    const { fetchMock } = render({
      available: '1500.00',
      purchase: { status: 409, body: { code: 'CONFLICT', message: PLAN_MESSAGES.priceChanged } },
    });
    const basic = await screen.findByRole('article', { name: 'Basic' });
    fireEvent.click(within(basic).getByRole('button', { name: 'PURCHASE PLAN' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm purchase' }));
    expect(await screen.findByText(PLAN_MESSAGES.priceChanged)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/plans').length).toBeGreaterThan(1));
  });

  test('without enough cash, PURCHASE PLAN goes to /deposit with the missing amount and the plan', async () => {
    const { router } = render({ available: '250.00' });
    const basic = await screen.findByRole('article', { name: 'Basic' });
    expect(basic.textContent).toContain('You need $750.00 more available cash');
    fireEvent.click(within(basic).getByRole('button', { name: 'PURCHASE PLAN' }));
    expect(await screen.findByText('Deposit page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/deposit');
    expect(router.state.location.search).toEqual({ amount: 750, plan: 'Basic' });
    // Not the JSON-quoted "%22750.00%22" a number-like string gets in an address.
    expect(router.state.location.href).toBe('/deposit?amount=750&plan=Basic');
  });

  test('the active plan says until when; lower ranks are disabled with why; a higher one names the replacement and its credit', async () => {
    const bought = new Date(Date.now() - 10 * DAY);
    render({ available: '5000.00', active: [purchaseOf(BASIC, bought)] });
    const basic = await screen.findByRole('article', { name: 'Basic' });
    expect(basic.textContent).toContain('Active until');
    expect(within(basic).queryByRole('button')).toBeNull();
    const unlimited = screen.getByRole('article', { name: 'Unlimited' });
    expect(within(unlimited).getByRole('button', { name: 'PURCHASE PLAN' })).toHaveProperty('disabled', true);
    expect(unlimited.textContent).toContain('only a higher plan can replace it');
    const diamond = screen.getByRole('article', { name: 'Diamond' });
    // The card itself says that the remainder of Basic is credited.
    expect(diamond.textContent).toMatch(
      /Replaces your Basic plan; its unused days are credited to your balance \(\$6\d\d\.\d\d now\)\./,
    );
    fireEvent.click(within(diamond).getByRole('button', { name: 'PURCHASE PLAN' }));
    const dialog = screen.getByRole('dialog', { name: 'Buy Diamond' });
    expect(dialog.textContent).toContain('This replaces your Basic plan');
    expect(dialog.textContent).toContain('The unused days of Basic are credited to your balance');
  });

  test('replacing a plan with no end date says it ends for good, nothing is credited, and when the new one ends', async () => {
    render({ available: '5000.00', active: [purchaseOf(UNLIMITED, new Date(Date.now() - 10 * DAY))] });
    const basic = await screen.findByRole('article', { name: 'Basic' });
    expect(basic.textContent).toContain(
      'Replaces your Unlimited plan; it has no end date, so nothing is credited.',
    );
    fireEvent.click(within(basic).getByRole('button', { name: 'PURCHASE PLAN' }));
    const dialog = screen.getByRole('dialog', { name: 'Buy Basic' });
    const endsOn = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(
      new Date(Date.now() + 30 * DAY),
    );
    expect(dialog.textContent).toContain('This replaces your Unlimited plan (no end date).');
    expect(dialog.textContent).toContain(
      'Unlimited ends now, for good: it has no end date, so it has no unused days and nothing is credited to your balance.',
    );
    expect(dialog.textContent).toContain(
      `Basic lasts 30 days, until ${endsOn}. After that you will have no signal plan unless you buy one again.`,
    );
    expect(dialog.textContent).not.toContain('are credited to your balance');
  });
});

describe('planOffer', () => {
  const now = new Date('2026-11-11T00:00:00.000Z');
  const active = purchaseOf(BASIC, new Date('2026-11-01T00:00:00.000Z'));

  test('a higher plan counts the credit of the unused days (rounded down) towards its price', () => {
    // 20 of 30 days unused of $1,000.00: $666.66 credited; Diamond needs $4,000.00 − $666.66 = $3,333.34.
    expect(planOffer(DIAMOND, active, 20, 0n, now)).toEqual({
      state: 'buy',
      replaces: active,
      credit: 66_666n,
      missing: 333_334n,
    });
  });

  test('the same plan is active; the same or a lower rank cannot be bought', () => {
    expect(planOffer(BASIC, active, 20, 0n, now).state).toBe('active');
    expect(planOffer(UNLIMITED, active, 20, 10_000_000n, now).state).toBe('lower');
  });
});
