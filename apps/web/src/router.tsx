import { isStaffRole } from '@candor/contracts/staff';
import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { z } from 'zod';
import { FullScreenLoader } from './components/ui/spinner.tsx';
import { LoginPage } from './features/auth/login-page.tsx';
import { signedInTarget } from './features/auth/return-path.ts';
import { DepositSearchSchema } from './features/deposits/deposit-search.ts';
import { NotFoundPage } from './features/shell/not-found-page.tsx';
import { SelectWithdrawalSearchSchema } from './features/withdrawals/select-withdrawal-search.ts';
import { queryClient } from './lib/query-client.ts';
import { sessionQuery } from './lib/session.ts';

const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: Outlet,
  notFoundComponent: NotFoundPage,
  pendingComponent: FullScreenLoader,
});

async function currentUser() {
  return (await queryClient.ensureQueryData(sessionQuery)).user;
}

// ---------- public ----------
const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  // ?unlock=… is the e-mailed link that lets the owner in while failed sign-ins slow the account down.
  // ?redirect=… is the page a signed-out visitor asked for; signing in leads there (return-path.ts).
  validateSearch: z.object({
    unlock: z.string().optional().catch(undefined),
    redirect: z.string().max(2048).optional().catch(undefined),
  }),
  beforeLoad: async ({ search }) => {
    if (await currentUser()) throw redirect(signedInTarget(search.redirect));
  },
  component: LoginPage,
});
const signupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signup',
  // A signed-in customer has an account already: the sign-up form is not for them.
  beforeLoad: async () => {
    if (await currentUser()) throw redirect({ to: '/dashboard' });
  },
  component: lazyRouteComponent(() => import('./features/auth/signup-page.tsx'), 'SignupPage'),
});
const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  component: lazyRouteComponent(() => import('./features/auth/reset-password-page.tsx'), 'ResetPasswordPage'),
});
const newPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password/new',
  validateSearch: z.object({ token: z.string().catch('') }),
  component: lazyRouteComponent(() => import('./features/auth/new-password-page.tsx'), 'NewPasswordPage'),
});
const verifyEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/verify-email',
  validateSearch: z.object({ token: z.string().catch('') }),
  component: lazyRouteComponent(() => import('./features/auth/verify-email-page.tsx'), 'VerifyEmailPage'),
});
const freezeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/freeze',
  validateSearch: z.object({ token: z.string().catch('') }),
  component: lazyRouteComponent(() => import('./features/auth/freeze-page.tsx'), 'FreezePage'),
});

const setupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/setup',
  validateSearch: z.object({ token: z.string().catch('') }),
  component: lazyRouteComponent(() => import('./features/auth/setup-page.tsx'), 'SetupPage'),
});

// ---------- signed in ----------
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async ({ location }) => {
    const user = await currentUser();
    // Signed out: to the login page, which leads back here once signed in.
    if (!user) {
      throw redirect({
        to: '/',
        search: location.pathname === '/dashboard' ? {} : { redirect: location.href },
      });
    }
    return { user };
  },
  component: lazyRouteComponent(() => import('./features/shell/app-shell.tsx'), 'AppShell'),
});

type Module = Record<string, ComponentType>;

function page<P extends string>(path: P, load: () => Promise<Module>, name: string) {
  return createRoute({ getParentRoute: () => appRoute, path, component: lazyRouteComponent(load, name) });
}
/** /trades?symbol=BTCUSD opens that instrument's chart (the signals list links there). */
const tradesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/trades',
  validateSearch: z.object({ symbol: z.string().max(20).optional().catch(undefined) }),
  component: lazyRouteComponent(() => import('./routes/trades-route.tsx'), 'TradesRoute'),
});

/** /deposit?step=2 or 3 (the browser's Back goes to the previous step); ?amount=…&plan=… from a plan. */
const depositRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/deposit',
  validateSearch: DepositSearchSchema,
  component: lazyRouteComponent(() => import('./features/deposits/deposit-page.tsx'), 'DepositPage'),
});

/** /select-withdrawal?method=… (Back goes from a method's form to the choice); ?confirm=<id>: the code step. */
const selectWithdrawalRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/select-withdrawal',
  validateSearch: SelectWithdrawalSearchSchema,
  component: lazyRouteComponent(
    () => import('./features/withdrawals/select-withdrawal-page.tsx'),
    'SelectWithdrawalPage',
  ),
});

/** A customer's home. A staff member's is the back office: a staff account holds no money (decision 062). */
const dashboardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/dashboard',
  beforeLoad: ({ context }) => {
    if (isStaffRole(context.user.role)) throw redirect({ to: '/all-user' });
  },
  component: lazyRouteComponent(() => import('./routes/dashboard-route.tsx'), 'DashboardRoute'),
});

const clientRoutes = [
  dashboardRoute,
  page('/account', () => import('./routes/account-route.tsx'), 'AccountRoute'),
  page('/two-factor', () => import('./features/account/two-factor-page.tsx'), 'TwoFactorPage'),
  page('/change-password', () => import('./features/account/change-password-page.tsx'), 'ChangePasswordPage'),
  page('/update-email', () => import('./features/account/update-email-page.tsx'), 'UpdateEmailPage'),
  page('/profile-pic', () => import('./features/account/profile-picture-page.tsx'), 'ProfilePicturePage'),
  page('/buy-crypto', () => import('./features/account/buy-crypto-page.tsx'), 'BuyCryptoPage'),
  depositRoute,
  page(
    '/deposit-history',
    () => import('./features/deposits/deposit-history-page.tsx'),
    'DepositHistoryPage',
  ),
  page('/withdrawals', () => import('./features/withdrawals/withdrawals-page.tsx'), 'WithdrawalsPage'),
  selectWithdrawalRoute,
  page('/statement', () => import('./features/statement/statement-page.tsx'), 'StatementPage'),
  page('/messages', () => import('./features/messages/messages-page.tsx'), 'MessagesPage'),
  page('/messages/$id', () => import('./features/messages/message-page.tsx'), 'MessagePage'),
  tradesRoute,
  page('/desk-trades', () => import('./features/desk-trades/desk-trades-page.tsx'), 'DeskTradesPage'),
  page('/signal', () => import('./routes/signal-route.tsx'), 'SignalRoute'),
  page('/upgrade', () => import('./routes/upgrade-route.tsx'), 'UpgradeRoute'),
  page('/trading-plans', () => import('./features/loans/trading-plans-page.tsx'), 'TradingPlansPage'),
  page('/identity', () => import('./features/identity/identity-page.tsx'), 'IdentityPage'),
  page('/copy-trader', () => import('./features/copy-trading/copy-trader-page.tsx'), 'CopyTraderPage'),
  page('/copy-trader/$id', () => import('./features/copy-trading/provider-page.tsx'), 'ProviderPage'),
];

// ---------- administrators ----------
const adminRoute = createRoute({
  getParentRoute: () => appRoute,
  id: 'admin',
  // Staff must have two-factor on: the server refuses their staff routes without it, so they set it up first.
  beforeLoad: ({ context }) => {
    if (isStaffRole(context.user.role) && !context.user.twoFactorEnabled)
      throw redirect({ to: '/two-factor' });
  },
  component: lazyRouteComponent(() => import('./features/shell/admin-gate.tsx'), 'AdminGate'),
});
function adminPage<P extends string>(path: P, load: () => Promise<Module>, name: string) {
  return createRoute({ getParentRoute: () => adminRoute, path, component: lazyRouteComponent(load, name) });
}
const adminRoutes = [
  adminPage('/all-user', () => import('./routes/manage-route.tsx'), 'ManageRoute'),
  adminPage('/admin/outbox', () => import('./features/admin-outbox/outbox-page.tsx'), 'OutboxPage'),
  adminPage('/user/$id', () => import('./routes/admin-user-route.tsx'), 'AdminUserRoute'),
  adminPage(
    '/deposit/$id',
    () => import('./features/admin-deposits/deposit-details-page.tsx'),
    'DepositDetailsPage',
  ),
  adminPage(
    '/withdrawal/$id',
    () => import('./features/admin-withdrawals/withdrawal-details-page.tsx'),
    'WithdrawalDetailsPage',
  ),
  adminPage(
    '/admin/verifications/$uid',
    () => import('./features/admin-verifications/verification-details-page.tsx'),
    'VerificationDetailsPage',
  ),
  adminPage('/add-trader', () => import('./features/copy-trading/add-trader-page.tsx'), 'AddTraderPage'),
];

/**
 * Any other path, signed in: the not-found page inside the app, with its menu and header (a
 * signed-out visitor is asked to sign in first, as for every page of the app).
 */
const notFoundInAppRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '$',
  component: NotFoundPage,
});

const routeTree = rootRoute.addChildren([
  loginRoute,
  signupRoute,
  resetPasswordRoute,
  newPasswordRoute,
  verifyEmailRoute,
  freezeRoute,
  setupRoute,
  appRoute.addChildren([...clientRoutes, adminRoute.addChildren(adminRoutes), notFoundInAppRoute]),
]);

/**
 * The app's router, made when the app starts (main.tsx) rather than when this module is evaluated:
 * its browser history, scroll restoration and route index are built in the start's task, not in the
 * long one that evaluates every module of the entry (docs/decisions/036).
 */
export function createAppRouter() {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPendingComponent: FullScreenLoader,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
