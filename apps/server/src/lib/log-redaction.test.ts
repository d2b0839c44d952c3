import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, test } from 'vitest';
import { OneLinePerRequest, redactUrl, serializeRequest } from './log-redaction.ts';

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

test('the request log has one line per request, when answered, with the URL redacted, the status and the time', async () => {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'info', stream, serializers: { req: serializeRequest } },
    logController: new OneLinePerRequest(),
  });
  app.get('/reset', async () => ({ ok: true }));
  await app.inject({ method: 'GET', url: '/reset?token=s3cret' });
  await app.close();
  const requestLines = lines.filter((line) => line.req !== undefined || line.res !== undefined);
  expect(requestLines).toHaveLength(1);
  expect(requestLines[0]).toMatchObject({
    msg: 'request completed',
    req: { method: 'GET', url: '/reset?token=[redacted]' },
    res: { statusCode: 200 },
  });
  expect(typeof requestLines[0]?.responseTime).toBe('number');
  expect(JSON.stringify(lines)).not.toContain('s3cret');
});
