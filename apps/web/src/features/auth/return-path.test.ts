import { describe, expect, test } from 'vitest';
import { returnPath, signedInTarget } from './return-path.ts';

describe('the page to return to after signing in', () => {
  test.each([
    ['/statement', '/statement'],
    ['/trades?symbol=BTCUSD', '/trades?symbol=BTCUSD'],
    ['/copy-trader/abc#stats', '/copy-trader/abc#stats'],
  ])('%s is a page of the app', (value, path) => {
    expect(returnPath(value)).toBe(path);
    expect(signedInTarget(value)).toEqual({ to: '/dashboard', href: path });
  });

  test.each([
    ['https://evil.example/phish'],
    ['//evil.example/phish'],
    ['/\\evil.example'],
    ['javascript:alert(1)'],
    ['statement'],
    ['/'],
    ['/?unlock=abc'],
    [''],
    [undefined],
    [42],
  ])('%s is ignored: the dashboard instead', (value) => {
    expect(returnPath(value)).toBeUndefined();
    expect(signedInTarget(value)).toEqual({ to: '/dashboard' });
  });
});
