import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { buildMe, callsTo, mockApi, renderPages } from '../../test/render-page.tsx';
import { settingsReply } from '../../test/site-settings.ts';
import { DepositPage } from './deposit-page.tsx';
import { DepositSearchSchema } from './deposit-search.ts';

const ADDRESS = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4';
const QUOTE_ID = '00000000-0000-4000-8000-000000000001';
/** A Bitcoin transaction id: 64 hexadecimal characters. */
const BTC_HASH = 'a1075db55d416d3ca199f55b6084e2115b9345e16c5cf302fc80e9d5fbf5d48d';
const PROOF_ID = '00000000-0000-4000-8000-000000000002';

function quoteFor(coin: string, expiresAt: Date) {
  const byCoin: Record<string, object> = {
    bitcoin: { cryptoAmount: '0.001488', rate: '67234.12', rateSource: 'simulated' },
    ethereum: { cryptoAmount: '0.033334', rate: '3000', rateSource: 'coingecko' },
    usdt: { cryptoAmount: '100.000000', rate: '1.00', rateSource: 'fixed' },
  };
  return {
    id: QUOTE_ID,
    amount: '100.00',
    coin,
    address: ADDRESS,
    expiresAt: expiresAt.toISOString(),
    ...byCoin[coin],
  };
}

function deposit() {
  return {
    id: '00000000-0000-4000-8000-000000000003',
    amount: '100.00',
    coin: 'bitcoin',
    cryptoAmount: '0.001488',
    rate: '67234.12',
    rateSource: 'simulated',
    address: ADDRESS,
    transactionHash: null,
    status: 'pending',
    decisionReason: null,
    quoteExpiresAt: new Date().toISOString(),
    createdAt: new Date().toISOString(),
    decidedAt: null,
  };
}

function mockDepositApi(expiresAt = new Date(Date.now() + 3600_000)) {
  return mockApi({
    'GET /api/deposit-methods': { status: 200, body: { coins: ['bitcoin', 'ethereum', 'usdt'] } },
    'POST /api/deposit-quotes': ({ body }) => ({
      status: 200,
      body: quoteFor((body as { coin: string }).coin, expiresAt),
    }),
    'POST /api/deposits/proofs': { status: 200, body: { fileId: PROOF_ID, url: `/api/files/${PROOF_ID}` } },
    'POST /api/deposits': { status: 200, body: deposit() },
  });
}

/** /deposit, or `path` (a reload at step 3 loads '/deposit?step=3' again). */
function renderDeposit(me = buildMe(), path = '/deposit') {
  return renderPages(
    [
      { path: '/deposit', component: DepositPage, validateSearch: DepositSearchSchema },
      { path: '/deposit-history', component: () => <p>History marker</p> },
    ],
    path,
    { me },
  );
}

/** Step 1 with `amount`, then step 2 with `coin` chosen and its rate shown. */
async function reachMethod(user: ReturnType<typeof userEvent.setup>, coin = 'Bitcoin(BTC)') {
  await user.type(await screen.findByLabelText('Amount (USD)'), '100');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await user.click(await screen.findByLabelText(coin));
  await screen.findByText('Source');
}

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('DepositPage', () => {
  test('step 1 asks for an amount, then step 2 says how much to pay', async () => {
    mockDepositApi();
    renderDeposit();
    const user = userEvent.setup();
    expect(await screen.findByText('Trading Balance Deposit')).toBeTruthy();
    expect(screen.getByText('Step 1 of 3')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Input an amount');

    await user.type(screen.getByLabelText('Amount (USD)'), '12.345');
    expect((await screen.findByRole('alert')).textContent).toBe('Amounts have at most 2 decimals');

    await user.clear(screen.getByLabelText('Amount (USD)'));
    await user.type(screen.getByLabelText('Amount (USD)'), '1234.5');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'PAY $1,234.50' })).toBeTruthy();
    expect(screen.getByText('Step 2 of 3')).toBeTruthy();
  });

  test('an amount typed with commas, as the site shows amounts, is read as that amount', async () => {
    mockDepositApi();
    renderDeposit();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Amount (USD)'), '1,00');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter an amount such as 100.00');

    await user.clear(screen.getByLabelText('Amount (USD)'));
    await user.type(screen.getByLabelText('Amount (USD)'), '1,234.5');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'PAY $1,234.50' })).toBeTruthy();
  });

  test('step 2: Next waits for a method; the server quote shows the amount, rate and source', async () => {
    const fetchMock = mockDepositApi();
    renderDeposit();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Amount (USD)'), '100');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'PAY $100.00' });
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);

    await user.click(screen.getByLabelText('Bitcoin(BTC)'));
    expect(await screen.findByText('0.001488 BTC')).toBeTruthy();
    expect(screen.getByText('1 BTC = $67,234.12')).toBeTruthy();
    expect(screen.getByText('Simulated prices')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(false);
    expect(callsTo(fetchMock, 'POST /api/deposit-quotes')).toEqual([{ amount: '100', coin: 'bitcoin' }]);

    await user.click(screen.getByLabelText('Ethereum(ETH)'));
    expect(await screen.findByText('0.033334 ETH')).toBeTruthy();
    expect(screen.getByText('1 ETH = $3,000.00')).toBeTruthy();
    expect(screen.getByText('CoinGecko')).toBeTruthy();

    await user.click(screen.getByLabelText('USDT(Trc20)'));
    expect(await screen.findByText('100.000000 USDT')).toBeTruthy();
    expect(screen.getByText('1 USDT = $1.00')).toBeTruthy();
    expect(screen.getByText('fixed: USDT is taken at 1 USD')).toBeTruthy();
  });

  test('a fresh install, no coin with an address: step 1 already says deposits are not available', async () => {
    const fetchMock = mockApi({ 'GET /api/deposit-methods': { status: 200, body: { coins: [] } } });
    renderDeposit();
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain('Deposits are not available yet.');
    expect(notice.textContent).toContain('No payment method has been set up. Please check back later.');
    expect(within(notice).getByRole('link', { name: 'See your deposits' }).getAttribute('href')).toBe(
      '/deposit-history',
    );
    expect(screen.queryByLabelText('Amount (USD)')).toBeNull();
    expect(screen.queryByText('Step 1 of 3')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    expect(callsTo(fetchMock, 'POST /api/deposit-quotes')).toHaveLength(0);
  });

  test('only the coins with an address are offered: the page names them, step 2 shows the others unavailable', async () => {
    const fetchMock = mockApi({
      'GET /api/deposit-methods': { status: 200, body: { coins: ['bitcoin', 'usdt'] } },
      'POST /api/deposit-quotes': ({ body }) => ({
        status: 200,
        body: quoteFor((body as { coin: string }).coin, new Date(Date.now() + 3600_000)),
      }),
    });
    renderDeposit();
    expect(await screen.findByText('Fund your trading balance with Bitcoin or USDT.')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Amount (USD)'), '100');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const ethereum = await screen.findByRole('radio', { name: 'Ethereum(ETH) Not available yet' });
    expect(ethereum.hasAttribute('disabled')).toBe(true);
    await user.click(ethereum);
    expect(screen.getByRole('radio', { name: 'Bitcoin(BTC)' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('radio', { name: 'USDT(Trc20)' }).hasAttribute('disabled')).toBe(false);
    expect(callsTo(fetchMock, 'POST /api/deposit-quotes')).toHaveLength(0);
    await user.click(screen.getByRole('radio', { name: 'USDT(Trc20)' }));
    expect(await screen.findByText('fixed: USDT is taken at 1 USD')).toBeTruthy();
  });

  test('step 2: a coin whose address went away meanwhile is refused by the server, and Next stays disabled', async () => {
    mockApi({
      'POST /api/deposit-quotes': {
        status: 409,
        body: { code: 'WALLET_NOT_CONFIGURED', message: 'Deposits by Ethereum(ETH) are not available yet.' },
      },
    });
    renderDeposit();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Amount (USD)'), '100');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByLabelText('Ethereum(ETH)'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Deposits by Ethereum(ETH) are not available yet.',
    );
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
  });

  test('step 3: copy the address, proof required, Paid uploads the proof then records the deposit', async () => {
    const fetchMock = mockDepositApi();
    const { router } = renderDeposit();
    const user = userEvent.setup();
    await reachMethod(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(await screen.findByRole('heading', { name: 'SEND 0.001488 BTC' })).toBeTruthy();
    expect(screen.getByText(ADDRESS)).toBeTruthy();
    expect(screen.getByRole('note').textContent).toContain('Send only Bitcoin (BTC) to this address');
    expect(screen.getByText('Awaiting Payment')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/^(60:00|59:5\d)$/);

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Bitcoin address copied to clipboard!')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(ADDRESS);

    await user.click(screen.getByRole('button', { name: 'Paid' }));
    expect(await screen.findByText('Proof of payment is required')).toBeTruthy();
    expect(callsTo(fetchMock, 'POST /api/deposits')).toHaveLength(0);

    const file = new File([new Uint8Array([137, 80, 78, 71])], 'proof.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Proof of payment'), file);
    await user.type(screen.getByLabelText('Transaction hash (optional)'), ` ${BTC_HASH} `);
    await user.click(screen.getByRole('button', { name: 'Paid' }));

    expect(await screen.findByText('Deposit Successful')).toBeTruthy();
    expect(
      screen.getByText('Pending: your balance is credited once the payment is checked and approved.'),
    ).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/deposit-history'));
    expect(callsTo(fetchMock, 'POST /api/deposits/proofs')).toHaveLength(1);
    expect(callsTo(fetchMock, 'POST /api/deposits')).toEqual([
      { quoteId: QUOTE_ID, proofFileId: PROOF_ID, transactionHash: BTC_HASH },
    ]);
    const submitted = fetchMock.mock.calls.find(([input]) => String(input) === '/api/deposits');
    expect(new Headers(submitted?.[1]?.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  });

  test('step 3 comes back after a reload while its quote lives (the wallet app, Messages), and not once it is paid', async () => {
    mockDepositApi();
    const first = renderDeposit();
    const user = userEvent.setup();
    await reachMethod(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'SEND 0.001488 BTC' });
    first.unmount();

    // The page loaded again in the same tab: the same address and amount to pay, the same countdown.
    const second = renderDeposit(buildMe(), '/deposit?step=3');
    expect(await screen.findByRole('heading', { name: 'SEND 0.001488 BTC' })).toBeTruthy();
    expect(screen.getByText('Step 3 of 3')).toBeTruthy();
    expect(screen.getByText(ADDRESS)).toBeTruthy();
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'proof.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Proof of payment'), file);
    await user.click(screen.getByRole('button', { name: 'Paid' }));
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/deposit-history'));
    second.unmount();

    renderDeposit();
    expect(await screen.findByText('Step 1 of 3')).toBeTruthy();
  });

  test("the browser's Back goes to the previous step with what was typed, and Forward comes back", async () => {
    mockDepositApi();
    const { router } = renderDeposit();
    const user = userEvent.setup();
    await reachMethod(user);
    expect(router.state.location.search).toEqual({ step: 2 });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'SEND 0.001488 BTC' });
    expect(router.state.location.search).toEqual({ step: 3 });

    act(() => router.history.back());
    expect(await screen.findByText('Step 2 of 3')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'PAY $100.00' })).toBeTruthy();
    expect((screen.getByLabelText('Bitcoin(BTC)') as HTMLInputElement).checked).toBe(true);

    act(() => router.history.back());
    expect(await screen.findByText('Step 1 of 3')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/deposit');
    expect((screen.getByLabelText('Amount (USD)') as HTMLInputElement).value).toMatch(/^100(\.00)?$/);

    act(() => router.history.forward());
    expect(await screen.findByText('Step 2 of 3')).toBeTruthy();
    act(() => router.history.forward());
    expect(await screen.findByRole('heading', { name: 'SEND 0.001488 BTC' })).toBeTruthy();
  });

  test('after a reload at step 3, Back goes to step 2, then to step 1', async () => {
    mockDepositApi();
    const first = renderDeposit();
    const user = userEvent.setup();
    await reachMethod(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'SEND 0.001488 BTC' });
    first.unmount();

    const { router } = renderDeposit(buildMe(), '/deposit?step=3');
    expect(await screen.findByRole('heading', { name: 'SEND 0.001488 BTC' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Step 2 of 3')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Step 1 of 3')).toBeTruthy();
    act(() => router.history.back());
    expect(await screen.findByText('Step 2 of 3')).toBeTruthy();
  });

  test('an address asking for a later step than what is known shows the step before it', async () => {
    mockDepositApi();
    renderPages(
      [{ path: '/deposit', component: DepositPage, validateSearch: DepositSearchSchema }],
      '/deposit?step=3',
      {
        me: buildMe(),
      },
    );
    expect(await screen.findByText('Step 1 of 3')).toBeTruthy();
  });

  test('a kept quote is not shown to another customer, nor once it has expired', async () => {
    mockDepositApi();
    const first = renderDeposit();
    const user = userEvent.setup();
    await reachMethod(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'SEND 0.001488 BTC' });
    first.unmount();

    const other = renderDeposit(buildMe({ id: 'u2' }), '/deposit?step=3');
    expect(await screen.findByText('Step 1 of 3')).toBeTruthy();
    other.unmount();

    vi.useFakeTimers({ now: Date.now() + 3601_000, shouldAdvanceTime: true });
    renderDeposit(buildMe(), '/deposit?step=3');
    expect(await screen.findByText('Step 1 of 3')).toBeTruthy();
  });

  test('a visit to /deposit without step 3 in the address (the menu, a new deposit) starts at step 1 and forgets the kept quote', async () => {
    mockDepositApi();
    const first = renderDeposit();
    const user = userEvent.setup();
    await reachMethod(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('heading', { name: 'SEND 0.001488 BTC' });
    first.unmount();

    const fresh = renderDeposit();
    expect(await screen.findByText('Step 1 of 3')).toBeTruthy();
    expect((screen.getByLabelText('Amount (USD)') as HTMLInputElement).value).toBe('');
    fresh.unmount();

    renderDeposit(buildMe(), '/deposit?step=3');
    expect(await screen.findByText('Step 1 of 3')).toBeTruthy();
  });

  test('a transaction hash not written as the coin writes it is refused beside the field; nothing is sent', async () => {
    const fetchMock = mockApi({
      'POST /api/deposit-quotes': ({ body }) => ({
        status: 200,
        body: quoteFor((body as { coin: string }).coin, new Date(Date.now() + 3600_000)),
      }),
      'POST /api/deposits/proofs': { status: 200, body: { fileId: PROOF_ID, url: `/api/files/${PROOF_ID}` } },
      'POST /api/deposits': { status: 200, body: deposit() },
    });
    renderDeposit();
    const user = userEvent.setup();
    await reachMethod(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'proof.png', { type: 'image/png' });
    await user.upload(await screen.findByLabelText('Proof of payment'), file);
    const field = screen.getByLabelText('Transaction hash (optional)');
    // An Ethereum hash is not a Bitcoin one: the quote is for BTC.
    await user.type(field, `0x${BTC_HASH}`);
    await user.click(screen.getByRole('button', { name: 'Paid' }));

    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'A Bitcoin transaction hash is 64 characters, 0-9 and a-f',
    );
    expect(callsTo(fetchMock, 'POST /api/deposits/proofs')).toHaveLength(0);
    expect(callsTo(fetchMock, 'POST /api/deposits')).toHaveLength(0);

    await user.clear(field);
    await user.type(field, BTC_HASH);
    expect(field.getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Paid' }));
    await waitFor(() =>
      expect(callsTo(fetchMock, 'POST /api/deposits')).toEqual([
        { quoteId: QUOTE_ID, proofFileId: PROOF_ID, transactionHash: BTC_HASH },
      ]),
    );
  });

  test('an empty proof file (0 bytes) is said to be empty beside the field; nothing is sent', async () => {
    const fetchMock = mockApi({
      'POST /api/deposit-quotes': ({ body }) => ({
        status: 200,
        body: quoteFor((body as { coin: string }).coin, new Date(Date.now() + 3600_000)),
      }),
      'POST /api/deposits/proofs': { status: 200, body: { fileId: 'f' } },
      'POST /api/deposits': { status: 200, body: deposit() },
    });
    renderDeposit();
    const user = userEvent.setup();
    await reachMethod(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const field = await screen.findByLabelText('Proof of payment');
    await user.upload(field, new File([], 'receipt.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Paid' }));

    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const described = (field.getAttribute('aria-describedby') ?? '').split(' ');
    const messages = described.map((id) => document.getElementById(id)?.textContent);
    expect(messages).toContain('The file is empty. Please choose another file.');
    expect(callsTo(fetchMock, 'POST /api/deposits/proofs')).toHaveLength(0);
    expect(callsTo(fetchMock, 'POST /api/deposits')).toHaveLength(0);
  });

  test('the server finding the proof empty is said beside the field too, not in a toast', async () => {
    const empty = 'The file is empty. Please choose another file.';
    mockApi({
      'POST /api/deposit-quotes': ({ body }) => ({
        status: 200,
        body: quoteFor((body as { coin: string }).coin, new Date(Date.now() + 3600_000)),
      }),
      'POST /api/deposits/proofs': { status: 400, body: { code: 'FILE_EMPTY', message: empty } },
    });
    renderDeposit();
    const user = userEvent.setup();
    await reachMethod(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const field = await screen.findByLabelText('Proof of payment');
    await user.upload(field, new File([new Uint8Array([1])], 'proof.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Paid' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const described = (field.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.map((id) => document.getElementById(id)?.textContent)).toContain(empty);
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
  });

  test('a proof the server refuses by its content is refused beside the field, not in a toast', async () => {
    const refusal = 'Please choose a PNG, JPEG or WebP image or a PDF document.';
    const fetchMock = mockApi({
      'POST /api/deposit-quotes': ({ body }) => ({
        status: 200,
        body: quoteFor((body as { coin: string }).coin, new Date(Date.now() + 3600_000)),
      }),
      'POST /api/deposits/proofs': { status: 415, body: { code: 'UNSUPPORTED_FILE_TYPE', message: refusal } },
      'POST /api/deposits': { status: 200, body: deposit() },
    });
    renderDeposit();
    const user = userEvent.setup();
    await reachMethod(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const field = await screen.findByLabelText('Proof of payment');
    await user.upload(field, new File(['not a picture'], 'fake.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Paid' }));

    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const described = (field.getAttribute('aria-describedby') ?? '').split(' ');
    const messages = described.map((id) => document.getElementById(id)?.textContent);
    expect(messages).toContain(refusal);
    expect(document.querySelector('[data-sonner-toast]')).toBeNull();
    // Pressing Paid again with the same file sends nothing more.
    await user.click(screen.getByRole('button', { name: 'Paid' }));
    expect(callsTo(fetchMock, 'POST /api/deposits/proofs')).toHaveLength(1);
    expect(callsTo(fetchMock, 'POST /api/deposits')).toHaveLength(0);
  });

  test('a retry after a failure reuses the uploaded proof and the Idempotency-Key', async () => {
    let attempts = 0;
    const fetchMock = mockApi({
      'POST /api/deposit-quotes': ({ body }) => ({
        status: 200,
        body: quoteFor((body as { coin: string }).coin, new Date(Date.now() + 3600_000)),
      }),
      'POST /api/deposits/proofs': { status: 200, body: { fileId: PROOF_ID, url: `/api/files/${PROOF_ID}` } },
      'POST /api/deposits': () =>
        ++attempts === 1
          ? { status: 500, body: { code: 'INTERNAL', message: 'Internal Server Error' } }
          : { status: 200, body: deposit() },
    });
    renderDeposit();
    const user = userEvent.setup();
    await reachMethod(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.upload(
      await screen.findByLabelText('Proof of payment'),
      new File([new Uint8Array([1])], 'proof.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Paid' }));
    expect(await screen.findByText('Internal Server Error')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Paid' }));
    expect(await screen.findByText('Deposit Successful')).toBeTruthy();

    expect(callsTo(fetchMock, 'POST /api/deposits/proofs')).toHaveLength(1);
    const keys = fetchMock.mock.calls
      .filter(([input]) => String(input) === '/api/deposits')
      .map(([, init]) => new Headers(init?.headers).get('idempotency-key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  test('the countdown runs m:ss from the quote; at zero the link expires and Paid is disabled', async () => {
    const expiresAt = new Date(Date.now() + 3600_000);
    mockDepositApi(expiresAt);
    renderDeposit();
    const user = userEvent.setup();
    await reachMethod(user);

    vi.useFakeTimers({
      now: expiresAt.getTime() - 3600_000,
      toFake: ['setInterval', 'clearInterval', 'Date'],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('timer')).textContent).toBe('60:00');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer').textContent).toBe('59:59');
    act(() => vi.advanceTimersByTime(59 * 60_000 - 1000));
    expect(screen.getByRole('timer').textContent).toBe('1:00');
    expect(screen.queryByText('Expired Payment Link')).toBeNull();

    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('heading', { name: 'Expired Payment Link' })).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('button', { name: 'Paid' }).hasAttribute('disabled')).toBe(true);
    // Nothing invites a payment of the expired quote: no amount to send, no address, no Copy.
    expect(screen.queryByText(/SEND/)).toBeNull();
    expect(screen.queryByText('0.001488', { exact: false })).toBeNull();
    expect(screen.queryByText(ADDRESS)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
    expect(screen.queryByText(/Send only Bitcoin/)).toBeNull();
    // A customer who paid in time is told what to do; no support e-mail is set, so no address is given.
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(
      'If you already sent the coins, contact support with the transaction hash.',
    );
    expect(alert.textContent).not.toContain('Write to our support agents');

    fireEvent.click(screen.getByRole('button', { name: 'Start again' }));
    expect(await screen.findByText('Step 1 of 3')).toBeTruthy();
  });

  test('a quote the server finds expired shows the expired link', async () => {
    mockApi({
      'POST /api/deposit-quotes': ({ body }) => ({
        status: 200,
        body: quoteFor((body as { coin: string }).coin, new Date(Date.now() + 3600_000)),
      }),
      'POST /api/deposits/proofs': { status: 200, body: { fileId: PROOF_ID, url: `/api/files/${PROOF_ID}` } },
      'POST /api/deposits': { status: 410, body: { code: 'QUOTE_EXPIRED', message: 'Expired Payment Link' } },
    });
    renderDeposit();
    const user = userEvent.setup();
    await reachMethod(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.upload(
      await screen.findByLabelText('Proof of payment'),
      new File([new Uint8Array([1])], 'proof.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Paid' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Paid' }).hasAttribute('disabled')).toBe(true),
    );
    expect(screen.getAllByText('Expired Payment Link').length).toBeGreaterThan(0);
    expect(screen.queryByText(ADDRESS)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
  });

  test('an expired link gives the support e-mail, when the site has one, to a customer who already paid', async () => {
    const expiresAt = new Date(Date.now() + 3600_000);
    mockApi({
      'GET /api/settings': settingsReply('smtp', 'help@northwind.test'),
      'POST /api/deposit-quotes': ({ body }) => ({
        status: 200,
        body: quoteFor((body as { coin: string }).coin, expiresAt),
      }),
    });
    renderDeposit();
    const user = userEvent.setup();
    await reachMethod(user);
    vi.useFakeTimers({ now: expiresAt.getTime() - 1000, toFake: ['setInterval', 'clearInterval', 'Date'] });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByRole('timer')).textContent).toBe('0:01');
    expect(screen.getByText(ADDRESS)).toBeTruthy();
    act(() => vi.advanceTimersByTime(1000));

    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(
      'If you already sent the coins, contact support with the transaction hash.Write to our support agents at help@northwind.test.',
    );
    expect(within(alert).getByRole('link', { name: 'help@northwind.test' }).getAttribute('href')).toBe(
      'mailto:help@northwind.test',
    );
    expect(screen.queryByText(ADDRESS)).toBeNull();
  });

  test('a staff account reads that it holds no money instead of the form', async () => {
    mockDepositApi();
    renderDeposit(buildMe({ role: 'accountant' }));
    expect(
      await screen.findByText('Staff accounts do not hold money: money moves on customer accounts only.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Amount (USD)')).toBeNull();
  });

  test('a suspended customer reads the inactive message instead of the form', async () => {
    mockApi({});
    renderDeposit(buildMe({ status: 'suspended', statusReason: 'Unpaid fees' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Your account is currently inactive');
    expect(screen.getByText('Reason: Unpaid fees')).toBeTruthy();
    expect(screen.queryByLabelText('Amount (USD)')).toBeNull();
  });
});

describe('DepositPage from a plan', () => {
  test('?amount and ?plan prefill the missing amount and say what it is for', async () => {
    mockDepositApi();
    const { router } = renderPages(
      [{ path: '/deposit', component: DepositPage, validateSearch: DepositSearchSchema }],
      '/deposit?amount=%22750.00%22&plan=Basic',
      { me: buildMe() },
    );
    expect(await screen.findByText('You need $750.00 more to buy Basic.')).toBeTruthy();
    expect((screen.getByLabelText('Amount (USD)') as HTMLInputElement).value).toBe('750.00');

    // The steps keep the plan's address; Back comes to it again.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'PAY $750.00' })).toBeTruthy();
    expect(router.state.location.search).toEqual({ amount: '750.00', plan: 'Basic', step: 2 });
    act(() => router.history.back());
    expect(await screen.findByText('You need $750.00 more to buy Basic.')).toBeTruthy();
  });

  test.each([
    ['750', '750.00'],
    ['75.5', '75.50'],
    ['75.13', '75.13'],
  ])('?amount=%s (as a plan sends it, a number) prefills %s', async (amount, shown) => {
    mockApi({});
    renderPages([{ path: '/deposit', component: DepositPage }], `/deposit?amount=${amount}&plan=Basic`, {
      me: buildMe(),
    });
    expect(await screen.findByText(`You need $${shown} more to buy Basic.`)).toBeTruthy();
    expect((screen.getByLabelText('Amount (USD)') as HTMLInputElement).value).toBe(shown);
  });

  test('a malformed amount is ignored', async () => {
    mockApi({});
    renderPages([{ path: '/deposit', component: DepositPage }], '/deposit?amount=lots&plan=Basic', {
      me: buildMe(),
    });
    expect(((await screen.findByLabelText('Amount (USD)')) as HTMLInputElement).value).toBe('');
    expect(screen.queryByText(/more to buy/)).toBeNull();
  });
});
