/**
 * Words that promise a return (PRODUCT.md §2 Plans: a card shows only what the plan does). A plan's
 * name or description containing one is refused by the server.
 */
const RETURN_PROMISES: readonly { pattern: RegExp; label: string }[] = [
  { pattern: /\bguarant(?:ee|eed|ees|eeing)\b/i, label: 'guaranteed' },
  { pattern: /\brisk[\s-]*free\b/i, label: 'risk-free' },
  { pattern: /\bno[\s-]+risk\b/i, label: 'no risk' },
  { pattern: /\bROI\b/i, label: 'ROI' },
  { pattern: /\breturn\s+on\s+investment\b/i, label: 'return on investment' },
  {
    pattern: /\d+(?:[.,]\d+)?\s*%\s*(?:of\s+)?(?:profits?|returns?|gains?|yield|interest\s+earned)/i,
    label: 'x % profit',
  },
  {
    pattern: /\b(?:higher|more|bigger|better|extra|increased?)\s+(?:profits?|returns?|gains?|earnings?)\b/i,
    label: 'higher profits',
  },
  { pattern: /\b(?:profits?|returns?|gains?)\s+(?:of|up\s+to)\s+\$?\d/i, label: 'a stated profit' },
];

/** The first return promise in `text` ("guaranteed", "ROI", "x % profit" …), or undefined when there is none. */
export function findReturnPromise(text: string): string | undefined {
  return RETURN_PROMISES.find(({ pattern }) => pattern.test(text))?.label;
}
