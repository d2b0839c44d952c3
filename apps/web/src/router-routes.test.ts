import { expect, test } from 'vitest';
import { ALL_ROUTES } from '../../../e2e/fixtures/app-routes.ts';
import { createAppRouter } from './router.tsx';

test('the accessibility journey lists every route of the router', () => {
  const paths = Object.values(createAppRouter().routesById)
    .filter((route) => typeof (route.options as { path?: unknown }).path === 'string')
    .map((route) => route.fullPath.replace(/(.)\/$/, '$1'));
  expect([...paths].sort()).toEqual([...ALL_ROUTES].sort());
});
