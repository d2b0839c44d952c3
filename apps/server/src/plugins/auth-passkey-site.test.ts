import { expect, test } from 'vitest';
import { passkeySite } from './auth.ts';

test("passkeys belong to the site's host name and origin", () => {
  expect(passkeySite(new URL('https://trade.example.com'))).toEqual({
    rpID: 'trade.example.com',
    origin: 'https://trade.example.com',
  });
  expect(passkeySite(new URL('http://localhost:3000'))).toEqual({
    rpID: 'localhost',
    origin: 'http://localhost:3000',
  });
});

test('a site published at 127.0.0.1 keeps its passkeys at localhost (WebAuthn refuses an IP address)', () => {
  expect(passkeySite(new URL('http://127.0.0.1:41234'))).toEqual({
    rpID: 'localhost',
    origin: 'http://localhost:41234',
  });
});
