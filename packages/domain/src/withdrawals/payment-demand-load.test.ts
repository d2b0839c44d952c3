import { expect, test, vi } from 'vitest';

// Every page of the web app loads this module (through the contracts' staff-text fields), and a
// customer's pages never screen: the rules' words are prepared on the first screening, once, not
// when the module loads (docs/decisions/056).
const prepare = vi.hoisted(() => vi.fn());
vi.mock('../text/disguised-words.ts', async (original) => {
  const actual = await original<typeof import('../text/disguised-words.ts')>();
  prepare.mockImplementation(actual.prepareScreenedWords);
  return { ...actual, prepareScreenedWords: prepare };
});

test('the screened words are prepared on the first screening, not on load, and only once', async () => {
  const { findPaymentDemand } = await import('./payment-demand.ts');
  expect(prepare).not.toHaveBeenCalled();
  expect(findPaymentDemand('Pay the f33 to w1thdraw')).toBeDefined();
  expect(findPaymentDemand('Your withdrawal is on its way.')).toBeUndefined();
  expect(prepare).toHaveBeenCalledTimes(1);
});
