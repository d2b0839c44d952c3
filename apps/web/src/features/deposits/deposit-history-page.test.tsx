import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { recordId } from '../../test/record-id.ts';
import { buildMe, mockApi, renderPages } from '../../test/render-page.tsx';
import { DepositHistoryPage } from './deposit-history-page.tsx';

const PROOF = '00000000-0000-4000-8000-0000000000aa';
const BTC_HASH = 'a1075db55d416d3ca199f55b6084e2115b9345e16c5cf302fc80e9d5fbf5d48d';

function deposit(n: number, overrides: object = {}) {
  return {
    id: recordId(n),
    amount: '1234.50',
    coin: 'bitcoin',
    cryptoAmount: '0.018361',
    rate: '67234.12',
    rateSource: 'simulated',
    address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
    transactionHash: null,
    status: 'pending',
    decisionReason: null,
    quoteExpiresAt: '2026-03-04T13:00:00.000Z',
    createdAt: '2026-03-04T12:00:00.000Z',
    decidedAt: null,
    ...overrides,
  };
}

function renderHistory() {
  return renderPages(
    [
      { path: '/deposit-history', component: DepositHistoryPage },
      { path: '/deposit', component: () => <p>Deposit marker</p> },
    ],
    '/deposit-history',
    { me: buildMe() },
  );
}

describe('DepositHistoryPage', () => {
  test('no deposits: the seed’s empty text and a way to deposit', async () => {
    mockApi({ 'GET /api/deposits': { status: 200, body: { items: [], page: 1, pageCount: 1, total: 0 } } });
    const { router } = renderHistory();
    expect(await screen.findByText('No deposits found.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Make a deposit' }));
    expect(await screen.findByText('Deposit marker')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/deposit');
  });

  test('each deposit shows month and day, FUND $amount, the account, the coin amount and its status', async () => {
    mockApi({
      'GET /api/deposits': {
        status: 200,
        body: {
          items: [
            deposit(1),
            deposit(2, { status: 'approved', amount: '50.00', coin: 'usdt', cryptoAmount: '50.000000' }),
            deposit(3, { status: 'rejected', decisionReason: 'Nothing arrived' }),
            deposit(4, { status: 'on_the_moon' }),
          ],
          page: 1,
          pageCount: 1,
          total: 4,
        },
      },
    });
    renderHistory();
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(4);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByText('FUND $1,234.50')).toBeTruthy();
    expect(first.getByText('TRADING BALANCE DEPOSIT')).toBeTruthy();
    expect(first.getByText('0.018361 BTC')).toBeTruthy();
    expect(first.getByText('Pending')).toBeTruthy();
    const date = new Date('2026-03-04T12:00:00.000Z');
    expect(rows[0]?.querySelector('time')?.textContent).toBe(
      `${new Intl.DateTimeFormat(undefined, { month: 'short' }).format(date)}${date.getDate()}`,
    );
    expect(within(rows[1] as HTMLElement).getByText('FUND $50.00')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('50.000000 USDT')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Approved')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Rejected')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Reason: Nothing arrived')).toBeTruthy();
    expect(within(rows[3] as HTMLElement).getByText('Unknown')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe('/deposit');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  test('pages through older deposits ten at a time', async () => {
    const fetchMock = mockApi({
      'GET /api/deposits': ({ url }) => {
        const page = Number(url.searchParams.get('page'));
        return {
          status: 200,
          body: { items: [deposit(page, { amount: `${page}.00` })], page, pageCount: 2, total: 11 },
        };
      },
    });
    renderHistory();
    expect(await screen.findByText('FUND $1.00')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('FUND $2.00')).toBeTruthy();
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    const pages = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/deposits')
      .map((url) => url.searchParams.get('page'));
    expect([...new Set(pages)]).toEqual(['1', '2']);
  });

  test('a deposit opens from its row, by keyboard too: what was paid, where to, its decision and the proof', async () => {
    const rejected = deposit(3, {
      status: 'rejected',
      decisionReason: 'Nothing arrived',
      transactionHash: BTC_HASH,
      decidedAt: '2026-03-04T13:30:00.000Z',
    });
    mockApi({
      'GET /api/deposits': { status: 200, body: { items: [rejected], page: 1, pageCount: 1, total: 1 } },
      [`GET /api/deposits/${recordId(3)}`]: {
        status: 200,
        body: { ...rejected, proof: { fileId: PROOF, url: `/api/files/${PROOF}`, contentType: 'image/png' } },
      },
    });
    renderHistory();
    const user = userEvent.setup();
    const row = await screen.findByRole('button', { name: /FUND \$1,234\.50/ });
    row.focus();
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Deposit details' });
    const facts = within(dialog);
    expect(facts.getByText('$1,234.50')).toBeTruthy();
    expect(facts.getByText('Bitcoin(BTC)')).toBeTruthy();
    expect(facts.getByText('0.018361 BTC')).toBeTruthy();
    expect(facts.getByText('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBeTruthy();
    expect(facts.getByText(BTC_HASH)).toBeTruthy();
    expect(facts.getByText('Rejected')).toBeTruthy();
    expect(facts.getByText('Nothing arrived')).toBeTruthy();
    const times = [...dialog.querySelectorAll('time')].map((time) => time.getAttribute('datetime'));
    expect(times).toEqual(['2026-03-04T12:00:00.000Z', '2026-03-04T13:30:00.000Z']);
    expect((await facts.findByRole('img', { name: 'Your proof of payment' })).getAttribute('src')).toBe(
      `/api/files/${PROOF}`,
    );

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(row);
  });

  test('a pending deposit says it is not decided yet; a deposit that cannot be read says so', async () => {
    mockApi({
      'GET /api/deposits': { status: 200, body: { items: [deposit(5)], page: 1, pageCount: 1, total: 1 } },
      [`GET /api/deposits/${recordId(5)}`]: {
        status: 404,
        body: { code: 'NOT_FOUND', message: 'Deposit not found' },
      },
    });
    renderHistory();
    await userEvent.setup().click(await screen.findByRole('button', { name: /FUND/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Deposit details' });
    expect(within(dialog).getByText('Not decided yet')).toBeTruthy();
    expect((await within(dialog).findByRole('alert')).textContent).toContain('This deposit was not found.');
  });
});
