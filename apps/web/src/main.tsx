// First: zod's settings must be in place before the contracts build their schemas.
import './lib/zod-config.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { lazy, StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { FullScreenLoader } from './components/ui/spinner.tsx';
import { useToasterWanted } from './lib/notify.ts';
import { queryClient } from './lib/query-client.ts';
import { renderWhenResolved } from './lib/render-when-resolved.ts';
import { sessionQuery } from './lib/session.ts';
import { createAppRouter } from './router.tsx';
import './styles.css';

const AppToaster = lazy(() =>
  import('./components/ui/app-toaster.tsx').then((m) => ({ default: m.AppToaster })),
);

/** Mounts the toaster (and loads its library) only once a page has something to say. */
function ToasterHost() {
  if (!useToasterWanted()) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}

// The app starts in a task of its own, after the one that evaluated its modules: two shorter tasks
// instead of one long one, and the browser may paint or answer input between them (decision 036).
setTimeout(start);

function start() {
  // Who is signed in, asked at once on every page: the answer index.html preloads is taken here, so
  // the public pages that never ask (sign-up, reset, setup) do not leave it unused (a console warning).
  void queryClient.prefetchQuery(sessionQuery);

  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');

  const router = createAppRouter();
  renderWhenResolved(
    createRoot(root),
    () => router.load(),
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <ToasterHost />
      </QueryClientProvider>
    </StrictMode>,
    <FullScreenLoader />,
  );
}
