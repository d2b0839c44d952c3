import { describe, expect, test } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  test('hides e-mailed secrets: reset and verification tokens, codes, the sign-in unlock link', () => {
    expect(redactUrl('/reset-password/new?token=abc123')).toBe('/reset-password/new?token=[redacted]');
    expect(redactUrl('/verify-email?token=abc&callbackURL=/x')).toBe(
      '/verify-email?token=[redacted]&callbackURL=/x',
    );
    expect(redactUrl('/?unlock=s3cret')).toBe('/?unlock=[redacted]');
    expect(redactUrl('/freeze?TOKEN=t#top')).toBe('/freeze?TOKEN=[redacted]#top');
    expect(redactUrl('/x?a=1&code=123456')).toBe('/x?a=1&code=[redacted]');
  });

  test('leaves other addresses alone', () => {
    expect(redactUrl('/api/trades?page=2&symbol=BTCUSD')).toBe('/api/trades?page=2&symbol=BTCUSD');
    expect(redactUrl('/api/tokens')).toBe('/api/tokens');
  });
});
