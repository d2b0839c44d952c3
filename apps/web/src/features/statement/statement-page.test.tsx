import type { StatementEntry } from '@candor/contracts/ledger';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { buildMe, mockApi, renderPages, requestedUrls } from '../../test/render-page.tsx';
import { StatementPage } from './statement-page.tsx';

function entry(overrides: Partial<StatementEntry> & Pick<StatementEntry, 'id' | 'kind'>): StatementEntry {
  return {
    createdAt: '2026-03-04T14:05:00.000Z',
    description: 'Something happened',
    availableChange: null,
    reservedChange: null,
    availableAfter: '0.00',
    reservedAfter: '0.00',
    copiedFromProvider: null,
    ...overrides,
  };
}

const ENTRIES: StatementEntry[] = [
  entry({
    id: '5',
    kind: 'withdrawal_fee',
    description: 'Withdrawal fee (2.50%)',
    reservedChange: '-1.00',
    availableAfter: '1560.00',
    reservedAfter: '0.00',
  }),
  entry({
    id: '4',
    kind: 'withdrawal',
    description: 'Withdrawal paid out by Bank',
    reservedChange: '-39.00',
    availableAfter: '1560.00',
    reservedAfter: '1.00',
  }),
  entry({
    id: '3',
    kind: 'reservation',
    description: 'Reserved for withdrawal by Bank',
    availableChange: '-40.00',
    reservedChange: '40.00',
    availableAfter: '1560.00',
    reservedAfter: '40.00',
  }),
  entry({
    id: '2',
    kind: 'adjustment',
    description: 'Compensation for the outage of 3 March',
    availableChange: '600.00',
    availableAfter: '1600.00',
  }),
  entry({
    id: '1',
    kind: 'deposit',
    description: 'Deposit by Bitcoin(BTC)',
    availableChange: '1000.00',
    availableAfter: '1000.00',
  }),
];

function renderStatement(url = '/statement') {
  return renderPages([{ path: '/statement', component: StatementPage }], url, { me: buildMe() });
}

/** The pages of the statement requested, in order (StrictMode may repeat one). */
function requestedPages(fetchMock: ReturnType<typeof mockApi>): (string | null)[] {
  return requestedUrls(fetchMock, '/api/me/statement').map((url) => url.searchParams.get('page'));
}

function rowOf(table: HTMLElement, text: string): HTMLElement {
  const row = within(table)
    .getAllByRole('row')
    .find((candidate) => candidate.textContent?.includes(text));
  if (!row) throw new Error(`no row with ${text}`);
  return row;
}

function cells(row: HTMLElement): string[] {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

describe('StatementPage', () => {
  test('lists each entry with its kind, description, signed amount and balance after', async () => {
    mockApi({
      'GET /api/me/statement': { status: 200, body: { items: ENTRIES, page: 1, pageCount: 1, total: 5 } },
    });
    renderStatement();
    const table = await screen.findByRole('table', { name: 'Transactions' });

    const deposit = cells(rowOf(table, 'Deposit by Bitcoin(BTC)'));
    expect(deposit.slice(1)).toEqual(['Deposit', 'Deposit by Bitcoin(BTC)', '+$1,000.00', '$1,000.00']);

    const adjustment = cells(rowOf(table, 'Compensation'));
    expect(adjustment.slice(1)).toEqual([
      'Adjustment',
      'Compensation for the outage of 3 March',
      '+$600.00',
      '$1,600.00',
    ]);

    // A reservation moves cash out and reserved funds in: both show, and the reserved balance after it.
    const reservation = cells(rowOf(table, 'Reserved for withdrawal'));
    expect(reservation.slice(1)).toEqual([
      'Withdrawal reserved',
      'Reserved for withdrawal by Bank',
      '\u2212$40.00Reserved +$40.00',
      '$1,560.00Reserved $40.00',
    ]);

    // A payout moves only reserved funds: its amount is labelled as such.
    const payout = cells(rowOf(table, 'paid out'));
    expect(payout.slice(1)).toEqual([
      'Withdrawal',
      'Withdrawal paid out by Bank',
      '\u2212$39.00from reserved funds',
      '$1,560.00Reserved $1.00',
    ]);
    expect(cells(rowOf(table, 'Withdrawal fee'))[3]).toBe('\u2212$1.00from reserved funds');
  });

  test("a copied trade's lines and its profit share name the provider they were copied from", async () => {
    const copied = [
      entry({
        id: '9',
        kind: 'profit_share',
        description: 'Profit share (20 %) to Aurora FX',
        availableChange: '-2.00',
        copiedFromProvider: 'Aurora FX',
      }),
      entry({
        id: '8',
        kind: 'trade_result',
        description: 'Profit: BUY BTCUSD',
        copiedFromProvider: 'Aurora FX',
      }),
      entry({ id: '7', kind: 'deposit', description: 'Deposit by Bitcoin(BTC)', availableChange: '100.00' }),
    ];
    mockApi({
      'GET /api/me/statement': { status: 200, body: { items: copied, page: 1, pageCount: 1, total: 3 } },
    });
    renderStatement();
    const table = await screen.findByRole('table', { name: 'Transactions' });
    expect(cells(rowOf(table, 'Profit: BUY BTCUSD'))[2]).toBe('Copied from Aurora FX Profit: BUY BTCUSD');
    expect(cells(rowOf(table, 'Profit share (20 %)'))[2]).toContain('Copied from Aurora FX');
    expect(cells(rowOf(table, 'Deposit by Bitcoin(BTC)'))[2]).toBe('Deposit by Bitcoin(BTC)');
  });

  test('gains are green with a plus, losses carry a minus sign', async () => {
    mockApi({
      'GET /api/me/statement': { status: 200, body: { items: ENTRIES, page: 1, pageCount: 1, total: 5 } },
    });
    renderStatement();
    const table = await screen.findByRole('table', { name: 'Transactions' });
    const gain = within(rowOf(table, 'Deposit by')).getByText('+$1,000.00');
    expect(gain.className).toContain('text-emerald-700');
    const loss = within(rowOf(table, 'Reserved for withdrawal')).getByText('\u2212$40.00');
    expect(loss.className).not.toContain('text-emerald');
  });

  test('on a phone the same entries show as stacked cards', async () => {
    mockApi({
      'GET /api/me/statement': { status: 200, body: { items: ENTRIES, page: 1, pageCount: 1, total: 5 } },
    });
    renderStatement();
    const list = await screen.findByRole('list', { name: 'Transactions' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(5);
    expect(cards[1]?.textContent).toContain('Withdrawal paid out by Bank');
    expect(cards[1]?.textContent).toContain('\u2212$39.00from reserved funds');
    expect(cards[1]?.textContent).toContain('Balance after$1,560.00Reserved $1.00');
  });

  test('a customer without entries reads "No transactions yet.", with no filters', async () => {
    mockApi({
      'GET /api/me/statement': { status: 200, body: { items: [], page: 1, pageCount: 1, total: 0 } },
    });
    renderStatement();
    expect(await screen.findByText('No transactions yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
    // Nothing to narrow: no filters.
    expect(screen.queryByRole('form', { name: 'Filter the statement' })).toBeNull();
  });

  test('shows a loading state until the statement arrives', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchMock = mockApi({
      'GET /api/me/statement': { status: 200, body: { items: ENTRIES, page: 1, pageCount: 1, total: 5 } },
    });
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      await gate;
      if (!answer) throw new Error('no mock');
      return answer(input, init);
    });
    renderStatement();
    expect((await screen.findByRole('status')).textContent).toContain('Loading transactions...');
    release();
    expect(await screen.findByRole('table', { name: 'Transactions' })).toBeTruthy();
    expect(screen.queryByText('Loading transactions...')).toBeNull();
  });

  test('pages with Previous and Next, 20 a page, "Page x of y"', async () => {
    const fetchMock = mockApi({
      'GET /api/me/statement': ({ url }) => {
        const page = Number(url.searchParams.get('page'));
        const item = entry({
          id: String(page),
          kind: 'adjustment',
          description: `Entry on page ${page}`,
          availableChange: '1.00',
        });
        return { status: 200, body: { items: [item], page, pageCount: 2, total: 21 } };
      },
    });
    const { router } = renderStatement();
    expect(await screen.findAllByText('Entry on page 1')).toHaveLength(2);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(true);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findAllByText('Entry on page 2')).toHaveLength(2);
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    expect(router.state.location.search).toEqual({ page: 2 });

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findAllByText('Entry on page 1')).toHaveLength(2);
    expect([...new Set(requestedPages(fetchMock))]).toEqual(['1', '2']);
  });

  test('opens at the page named in the address', async () => {
    const fetchMock = mockApi({
      'GET /api/me/statement': ({ url }) => {
        const page = Number(url.searchParams.get('page'));
        return {
          status: 200,
          body: {
            items: [entry({ id: '1', kind: 'deposit', availableChange: '1.00' })],
            page,
            pageCount: 3,
            total: 41,
          },
        };
      },
    });
    renderStatement('/statement?page=3');
    expect(await screen.findByText('Page 3 of 3')).toBeTruthy();
    expect([...new Set(requestedPages(fetchMock))]).toEqual(['3']);
  });

  test('a page past the last (?page=999) is replaced by the last page, never "Page 999 of 2"', async () => {
    mockApi({
      'GET /api/me/statement': ({ url }) => {
        const page = Number(url.searchParams.get('page'));
        const items =
          page <= 2
            ? [entry({ id: String(page), kind: 'deposit', description: `Entry on page ${page}` })]
            : [];
        return { status: 200, body: { items, page, pageCount: 2, total: 21 } };
      },
    });
    const { router } = renderStatement('/statement?page=999');
    expect(await screen.findAllByText('Entry on page 2')).toHaveLength(2);
    expect(screen.getByText('Page 2 of 2')).toBeTruthy();
    expect(router.state.location.search).toEqual({ page: 2 });
  });

  test('a failed load offers to try again', async () => {
    mockApi({
      'GET /api/me/statement': { status: 500, body: { code: 'INTERNAL', message: 'Internal Server Error' } },
    });
    renderStatement();
    expect((await screen.findByRole('alert')).textContent).toContain('Your statement could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  describe('filters', () => {
    /** Answers each page with one entry that names the query it answers, `total` entries in all. */
    function answerEachQuery(total = 1) {
      return mockApi({
        'GET /api/me/statement': ({ url }) => {
          const query = [...url.searchParams].filter(([name]) => name !== 'tz');
          const description = `Entries for ${query.map(([name, value]) => `${name}=${value}`).join('&')}`;
          const page = Number(url.searchParams.get('page'));
          const items = total === 0 ? [] : [entry({ id: String(page), kind: 'deposit', description })];
          return { status: 200, body: { items, page, pageCount: Math.max(1, Math.ceil(total / 20)), total } };
        },
      });
    }

    function lastRequest(fetchMock: ReturnType<typeof mockApi>): URL {
      const url = requestedUrls(fetchMock, '/api/me/statement').at(-1);
      if (!url) throw new Error('the statement was not requested');
      return url;
    }

    test('the kind select narrows the statement: the URL keeps it and the page starts again at 1', async () => {
      const fetchMock = answerEachQuery(45);
      const { router } = renderStatement('/statement?page=3');
      expect(await screen.findAllByText('Entries for page=3')).toHaveLength(2);
      const form = screen.getByRole('form', { name: 'Filter the statement' });
      const kind = within(form).getByLabelText('Kind');
      // Every group, as the statement names them, after "All kinds".
      expect(
        within(kind)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([
        'All kinds',
        'Deposits',
        'Withdrawals',
        'Adjustments',
        'Trades',
        'Plans',
        'Loans',
        'Profit shares',
      ]);

      await userEvent.setup().selectOptions(kind, 'Withdrawals');
      expect(await screen.findAllByText('Entries for page=1&kind=withdrawals')).toHaveLength(2);
      expect(router.state.location.search).toEqual({ kind: 'withdrawals' });
      // Without dates, no time zone is sent.
      expect(lastRequest(fetchMock).searchParams.has('tz')).toBe(false);
    });

    test('From and To narrow it to days, sent with the reader’s time zone so a day is the one shown beside an entry', async () => {
      const fetchMock = answerEachQuery();
      const { router } = renderStatement();
      await screen.findAllByText('Entries for page=1');
      fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-01' } });
      expect(await screen.findAllByText('Entries for page=1&from=2026-03-01')).toHaveLength(2);
      fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
      expect(await screen.findAllByText('Entries for page=1&from=2026-03-01&to=2026-03-31')).toHaveLength(2);
      expect(router.state.location.search).toEqual({ from: '2026-03-01', to: '2026-03-31' });
      expect(lastRequest(fetchMock).searchParams.get('tz')).toBe(
        Intl.DateTimeFormat().resolvedOptions().timeZone,
      );
    });

    test('a To date before the From date is not applied: the field says why', async () => {
      const fetchMock = answerEachQuery();
      const { router } = renderStatement('/statement?from=2026-03-10');
      await screen.findAllByText('Entries for page=1&from=2026-03-10');
      fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-01' } });
      expect((await screen.findByRole('alert')).textContent).toBe('The To date is before the From date.');
      expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true');
      expect(router.state.location.search).toEqual({ from: '2026-03-10' });
      expect(requestedUrls(fetchMock, '/api/me/statement').some((url) => url.searchParams.has('to'))).toBe(
        false,
      );

      // Put right, it applies.
      fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-12' } });
      expect(await screen.findAllByText('Entries for page=1&from=2026-03-10&to=2026-03-12')).toHaveLength(2);
      expect(screen.queryByRole('alert')).toBeNull();
    });

    test('an address whose To date is before its From date keeps only the From date', async () => {
      const fetchMock = answerEachQuery();
      renderStatement('/statement?from=2026-03-10&to=2026-03-01');
      await screen.findAllByText('Entries for page=1&from=2026-03-10');
      expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('');
      expect(requestedUrls(fetchMock, '/api/me/statement').some((url) => url.searchParams.has('to'))).toBe(
        false,
      );
    });

    test('opens with the filters named in the address; Clear returns to the whole statement', async () => {
      answerEachQuery();
      const { router } = renderStatement('/statement?kind=trades&from=2026-03-01&to=2026-03-31&page=2');
      expect(
        await screen.findAllByText('Entries for page=2&kind=trades&from=2026-03-01&to=2026-03-31'),
      ).toHaveLength(2);
      expect((screen.getByLabelText('Kind') as HTMLSelectElement).value).toBe('trades');
      expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-03-01');
      expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-03-31');

      await userEvent.setup().click(screen.getByRole('button', { name: 'Clear' }));
      expect(await screen.findAllByText('Entries for page=1')).toHaveLength(2);
      expect(router.state.location.search).toEqual({});
      expect((screen.getByLabelText('Kind') as HTMLSelectElement).value).toBe('');
      expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('');
      expect(screen.getByRole('button', { name: 'Clear' }).hasAttribute('disabled')).toBe(true);
    });

    test('filters that match nothing say so, not that the statement is empty, and offer to clear them', async () => {
      mockApi({
        'GET /api/me/statement': ({ url }) =>
          url.searchParams.has('kind')
            ? { status: 200, body: { items: [], page: 1, pageCount: 1, total: 0 } }
            : { status: 200, body: { items: ENTRIES, page: 1, pageCount: 1, total: 5 } },
      });
      const { router } = renderStatement('/statement?kind=loans');
      expect(await screen.findByText('No transactions match these filters.')).toBeTruthy();
      expect(screen.queryByText('No transactions yet.')).toBeNull();
      expect(screen.queryByRole('table')).toBeNull();
      // The filters stay, to change them.
      expect(screen.getByRole('form', { name: 'Filter the statement' })).toBeTruthy();

      await userEvent.setup().click(screen.getByRole('button', { name: 'Clear filters' }));
      expect(await screen.findByRole('table', { name: 'Transactions' })).toBeTruthy();
      expect(router.state.location.search).toEqual({});
    });

    test('a filtered statement says its balances count the movements the filters hide; the whole one does not', async () => {
      answerEachQuery();
      renderStatement();
      await screen.findAllByText('Entries for page=1');
      expect(screen.getByRole('form', { name: 'Filter the statement' })).toBeTruthy();
      expect(screen.queryByText(/the filters hide/)).toBeNull();

      await userEvent.setup().selectOptions(screen.getByLabelText('Kind'), 'Deposits');
      await screen.findAllByText('Entries for page=1&kind=deposits');
      expect(
        screen.getByText(
          "The balance beside each entry is your account's balance after it, counting the movements the filters hide.",
        ),
      ).toBeTruthy();
    });
  });
});
