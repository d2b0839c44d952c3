import { expect, test } from 'vitest';
import { signedInBrowser, signUpUser } from '../../test/auth-helpers.ts';
import { TEST_RATE_LIMITS } from '../../test/rate-limits.ts';
import { useTestApp } from '../../test/test-app.ts';

// The production 'mail' limit is 5 a quarter hour per account; 2 here, so the third is refused.
const t = useTestApp({ RATE_LIMITS: `${TEST_RATE_LIMITS},mail.account=2` });

test('sending the verification link again is limited like every other mail send', async () => {
  const user = await signUpUser(t.app);
  const browser = await signedInBrowser(t.app, user);
  const send = () => browser.request({ method: 'POST', url: '/api/account/verification-emails' });
  expect((await send()).statusCode).toBe(202);
  expect((await send()).statusCode).toBe(202);
  const limited = await send();
  expect(limited.statusCode).toBe(429);
  expect(limited.json().code).toBe('RATE_LIMITED');
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
});
