import { FIRST_SCREEN_ANSWERS_FRESH_MS, FIRST_SCREEN_ANSWERS_ID } from '@candor/contracts/first-screen';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { z } from 'zod';
import type { readAnsweredInPage } from './api.ts';

const Balance = z.object({ cash: z.string() });
type QueryRead = ReturnType<typeof readAnsweredInPage<typeof Balance>>;

/** A page as the server sends it: the data block after the app's root. */
function pageWithAnswers(text: string) {
  document.body.innerHTML = `<div id="root"></div><script type="application/json" id="${FIRST_SCREEN_ANSWERS_ID}">${text}</script>`;
}

/** The modules fresh for each test: the answers are read once per page load. */
async function load() {
  vi.resetModules();
  const answers = await import('./first-screen-answers.ts');
  const api = await import('./api.ts');
  return { ...answers, ...api };
}

/** What each render of Cash showed. */
const renderedCash: (string | undefined)[] = [];

function Cash({ read }: { read: QueryRead }) {
  const { data } = useQuery({ queryKey: ['balances'], ...read });
  renderedCash.push(data?.cash);
  return <p>{data?.cash ?? 'Loading...'}</p>;
}

const fetchMock = vi.fn(async () => new Response(JSON.stringify({ cash: 'from the API' }), { status: 200 }));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockClear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('answers sent inside the page', () => {
  test('a read the page answered is taken from it once, without a request; the next goes to the API', async () => {
    pageWithAnswers('{"/api/me/balances":{"cash":"from the page"}}');
    const { apiRequest } = await load();
    await expect(apiRequest('/api/me/balances', Balance)).resolves.toEqual({ cash: 'from the page' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.getElementById(FIRST_SCREEN_ANSWERS_ID)).toBeNull();
    await expect(apiRequest('/api/me/balances', Balance)).resolves.toEqual({ cash: 'from the API' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  test('an answer is still checked by the contract: one that does not fit is refused, not used', async () => {
    pageWithAnswers('{"/api/me/balances":{"cash":12}}');
    const { apiRequest } = await load();
    await expect(apiRequest('/api/me/balances', Balance)).rejects.toThrow();
  });

  test('a change drops the answers not yet taken: they describe the page as it was sent', async () => {
    pageWithAnswers('{"/api/me/balances":{"cash":"from the page"}}');
    const { apiRequest, apiSend } = await load();
    await apiSend('/api/trades', { method: 'POST', body: {} });
    await expect(apiRequest('/api/me/balances', Balance)).resolves.toEqual({ cash: 'from the API' });
  });

  test('past the first seconds of the page, every read goes to the API', async () => {
    pageWithAnswers('{"/api/me/balances":{"cash":"from the page"}}');
    vi.spyOn(performance, 'now').mockReturnValue(FIRST_SCREEN_ANSWERS_FRESH_MS + 1);
    const { apiRequest } = await load();
    await expect(apiRequest('/api/me/balances', Balance)).resolves.toEqual({ cash: 'from the API' });
  });

  test.each([
    ['a page without answers', null],
    ['a block that does not parse', '{"/api/me/balances":'],
    ['a block that is not an object', '"text"'],
  ])('%s: every read goes to the API', async (_case, text) => {
    if (text !== null) pageWithAnswers(text);
    const { apiRequest } = await load();
    await expect(apiRequest('/api/me/balances', Balance)).resolves.toEqual({ cash: 'from the API' });
  });
});

describe('a query first filled from the page (readAnsweredInPage)', () => {
  test('its first data is the answer, and its own request then takes that answer, not the API', async () => {
    pageWithAnswers('{"/api/me/balances":{"cash":"from the page"}}');
    const { readAnsweredInPage } = await load();
    const read = readAnsweredInPage('/api/me/balances', Balance);
    expect(read.initialData()).toEqual({ cash: 'from the page' });
    expect(read.initialData()).toEqual({ cash: 'from the page' });
    await expect(read.queryFn({ signal: new AbortController().signal })).resolves.toEqual({
      cash: 'from the page',
    });
    expect(fetchMock).not.toHaveBeenCalled();
    // Taken: from now on the query has no first data and asks the API.
    expect(read.initialData()).toBeUndefined();
    await expect(read.queryFn({ signal: new AbortController().signal })).resolves.toEqual({
      cash: 'from the API',
    });
  });

  test('the answer is parsed once: its first data and its own request share the parse', async () => {
    pageWithAnswers('{"/api/me/balances":{"cash":"from the page"}}');
    const { readAnsweredInPage } = await load();
    let parses = 0;
    const Counted = z.object({
      cash: z.string().transform((cash) => {
        parses += 1;
        return cash;
      }),
    });
    const read = readAnsweredInPage('/api/me/balances', Counted);
    const first = read.initialData();
    expect(read.initialData()).toBe(first);
    await expect(read.queryFn({ signal: new AbortController().signal })).resolves.toBe(first);
    expect(parses).toBe(1);
    // Another schema reading the same answer parses it with its own rules.
    pageWithAnswers('{"/api/me/balances":{"cash":"from the page"}}');
    const fresh = await load();
    fresh.readAnsweredInPage('/api/me/balances', Counted).initialData();
    await expect(fresh.apiRequest('/api/me/balances', z.object({ cash: z.number() }))).rejects.toThrow();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('an answer that does not fit the contract is no first data', async () => {
    pageWithAnswers('{"/api/me/balances":{"cash":12}}');
    const { readAnsweredInPage } = await load();
    expect(readAnsweredInPage('/api/me/balances', Balance).initialData()).toBeUndefined();
  });

  test('after a change, or past the first seconds, there is no first data', async () => {
    pageWithAnswers('{"/api/me/balances":{"cash":"from the page"}}');
    const { readAnsweredInPage, apiSend } = await load();
    await apiSend('/api/trades', { method: 'POST', body: {} });
    expect(readAnsweredInPage('/api/me/balances', Balance).initialData()).toBeUndefined();

    pageWithAnswers('{"/api/me/balances":{"cash":"from the page"}}');
    vi.spyOn(performance, 'now').mockReturnValue(FIRST_SCREEN_ANSWERS_FRESH_MS + 1);
    const fresh = await load();
    expect(fresh.readAnsweredInPage('/api/me/balances', Balance).initialData()).toBeUndefined();
  });

  test('a page made from the answers shows them in its first render: no skeleton, no second render', async () => {
    pageWithAnswers('{"/api/me/balances":{"cash":"from the page"}}');
    const { readAnsweredInPage } = await load();
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    renderedCash.length = 0;
    const view = render(
      <QueryClientProvider client={client}>
        <Cash read={readAnsweredInPage('/api/me/balances', Balance)} />
      </QueryClientProvider>,
    );
    expect(view.getByText('from the page')).toBeTruthy();
    expect(renderedCash).toEqual(['from the page']);
    expect(fetchMock).not.toHaveBeenCalled();
    view.unmount();
  });
});
