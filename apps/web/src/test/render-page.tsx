import type { Me } from '@candor/contracts/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { cleanup, render } from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';
import { Toaster, toast } from 'sonner';
import { afterEach, vi } from 'vitest';
import type { z } from 'zod';
import { queryKeys } from '../lib/query-keys.ts';

// jsdom has no scrolling; the router resets the scroll position after each navigation.
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  // Sonner keeps its toasts in a module-wide store and replays them to the next Toaster.
  toast.dismiss();
  vi.unstubAllGlobals();
});

type Reply = { status: number; body?: unknown };
type Handler = (request: { body: unknown; url: URL; init: RequestInit | undefined }) => Reply;

/**
 * Replaces `fetch` with a table of answers keyed by "METHOD /path" (no query string). Unlisted
 * calls answer 404 NOT_FOUND. Returns the mock, to inspect the calls.
 */
export function mockApi(handlers: Record<string, Reply | Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const handler = handlers[key];
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const reply: Reply =
      handler === undefined
        ? { status: 404, body: { code: 'NOT_FOUND', message: `No mock for ${key}` } }
        : typeof handler === 'function'
          ? handler({ body, url, init })
          : handler;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls the mock received for "METHOD /path", with their parsed JSON bodies. */
export function callsTo(fetchMock: ReturnType<typeof mockApi>, key: string): unknown[] {
  return fetchMock.mock.calls
    .filter(
      ([input, init]) =>
        `${init?.method ?? 'GET'} ${new URL(String(input), 'http://localhost').pathname}` === key,
    )
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body));
}

/** The URLs the mock fetched from `pathname`, in order, to read their query strings. */
export function requestedUrls(fetchMock: ReturnType<typeof mockApi>, pathname: string): URL[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === pathname);
}

/** The Idempotency-Key header of each POST the mock received (to `pathname`, when named), in order. */
export function idempotencyKeys(
  fetchMock: ReturnType<typeof mockApi>,
  pathname?: string,
): (string | undefined)[] {
  return fetchMock.mock.calls
    .filter(
      ([input, init]) =>
        init?.method === 'POST' &&
        (pathname === undefined || new URL(String(input), 'http://localhost').pathname === pathname),
    )
    .map(([, init]) => new Headers(init?.headers).get('idempotency-key') ?? undefined);
}

/** One page of a paged list as the API answers it: `items`, on page `pageNumber` of `pageCount`. */
export function pageReply(items: readonly unknown[], pageNumber = 1, pageCount = 1) {
  return { status: 200, body: { items, page: pageNumber, pageCount, total: items.length } };
}

type PageRoute = { path: string; component: () => ReactNode; validateSearch?: z.ZodType };

/**
 * Renders pages inside a real router (memory history), a fresh query client and the toaster,
 * under StrictMode as in the app. Other paths render a plain marker naming the path.
 */
export function renderPages(routes: readonly PageRoute[], initialUrl: string, options: { me?: Me } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  // Signed-in pages find the session already loaded, as the app's route guard leaves it.
  if (options.me) queryClient.setQueryData(queryKeys.session, { user: options.me });
  const rootRoute = createRootRoute({ component: Outlet });
  const children = routes.map(({ path, component, validateSearch }) =>
    createRoute({ getParentRoute: () => rootRoute, path, component, validateSearch }),
  );
  const markers = ['/', '/dashboard', '/signup', '/reset-password', '/messages/$id']
    .filter((path) => !routes.some((route) => route.path === path))
    .map((path) =>
      createRoute({ getParentRoute: () => rootRoute, path, component: () => <p>Marker {path}</p> }),
    );
  const router = createRouter({
    routeTree: rootRoute.addChildren([...children, ...markers]),
    history: createMemoryHistory({ initialEntries: [initialUrl] }),
  });
  const view = render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <Toaster />
      </QueryClientProvider>
    </StrictMode>,
  );
  return { ...view, router, queryClient };
}

/** A signed-in client, as GET /api/session describes them. */
export function buildMe(overrides: Partial<Me> = {}): Me {
  return {
    id: 'u1',
    username: 'ada',
    fullname: 'Ada Lovelace',
    email: 'ada@example.com',
    emailVerified: true,
    role: 'client',
    status: 'active',
    statusReason: null,
    profileImageUrl: null,
    // Staff must have two-factor on (the back office refuses them otherwise).
    twoFactorEnabled: overrides.role !== undefined && overrides.role !== 'client',
    createdAt: '2026-01-15T09:30:00.000Z',
    ...overrides,
  };
}
