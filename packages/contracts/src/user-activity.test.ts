import { describe, expect, test } from 'vitest';
import { describeUserAgent } from './user-activity.ts';

describe('describeUserAgent', () => {
  test.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 Edg/130.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
      'Chrome on macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    ['Mozilla/5.0 (Android 14; Mobile; rv:128.0) Gecko/128.0 Firefox/128.0', 'Firefox on Android'],
    ['curl/8.5.0', 'curl'],
  ])('%s', (userAgent, expected) => {
    expect(describeUserAgent(userAgent)).toBe(expected);
  });

  test('an unknown agent is shown as it is (shortened), a missing one as unknown', () => {
    expect(describeUserAgent('SomeBot/1.0')).toBe('SomeBot/1.0');
    expect(describeUserAgent('x'.repeat(200))).toHaveLength(80);
    expect(describeUserAgent(null)).toBe('Unknown browser');
  });
});
