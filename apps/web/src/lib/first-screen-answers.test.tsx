import { FIRST_SCREEN_ANSWERS_FRESH_MS, FIRST_SCREEN_ANSWERS_ID } from '@candor/contracts/first-screen';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { z } from 'zod';

const Balance = z.object({ cash: z.string() });

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
