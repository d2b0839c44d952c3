import { EMAIL_VERIFICATION_MESSAGES } from '@candor/contracts/auth';
import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { Icon, type IconName } from '../../components/ui/icon.tsx';
import { type Audience, useShownItems } from '../../lib/permissions.ts';
import { signOut, useMe } from '../../lib/session.ts';
import { useDocumentBranding, useSiteSettings } from '../../lib/site-settings.ts';
import { unreadMessagesQuery } from '../../lib/unread-messages.ts';

/** Who a link is for: everyone, customers only (a staff account holds no money, decision 062), or staff. */
type NavItem = { to: string; label: string; icon: IconName; for?: Audience };

/**
 * The side navigation of seed-spec §2, in its order, with the Statement of PRODUCT.md §2. Staff see
 * Manage first (their home: /dashboard leads there) and not the pages of a customer's money, which a
 * staff account has none of; those pages still say so if opened by their address.
 */
const NAV: readonly NavItem[] = [
  { to: '/all-user', label: 'Manage', icon: 'manage', for: 'staff' },
  { to: '/dashboard', label: 'Home', icon: 'home', for: 'customers' },
  { to: '/account', label: 'Account', icon: 'account' },
  { to: '/deposit-history', label: 'Deposit', icon: 'deposit', for: 'customers' },
  { to: '/withdrawals', label: 'Withdrawals', icon: 'withdraw', for: 'customers' },
  { to: '/statement', label: 'Statement', icon: 'statement', for: 'customers' },
  { to: '/buy-crypto', label: 'Buy Crypto', icon: 'crypto', for: 'customers' },
  { to: '/copy-trader', label: 'Copy Trader', icon: 'copy' },
  { to: '/trades', label: 'Market', icon: 'market' },
  { to: '/signal', label: 'Signal', icon: 'signal' },
  { to: '/upgrade', label: 'Upgrade', icon: 'upgrade', for: 'customers' },
  { to: '/trading-plans', label: 'Loans', icon: 'loan', for: 'customers' },
];

export function AppShell() {
  const me = useMe();
  const settings = useSiteSettings();
  const siteName = settings?.siteName ?? 'Candor';
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);
  useDocumentBranding();

  // The phone's navigation is a modal dialog: focus moves into it, and Escape closes it and gives
  // focus back to the button that opened it.
  useEffect(() => {
    if (!drawerOpen) return;
    drawer.current?.querySelector<HTMLElement>('nav a[href]')?.focus();
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setDrawerOpen(false);
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [drawerOpen]);

  const items = useShownItems(NAV);
  const navigation = (
    <nav aria-label="Main" className="flex flex-1 flex-col gap-1 px-3 py-4">
      {items.map((item) => (
        <Link
          key={item.to}
          to={item.to}
          onClick={() => setDrawerOpen(false)}
          className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-300 transition hover:bg-white/5 hover:text-white"
          activeProps={{ className: 'bg-white/10 text-white', 'aria-current': 'page' }}
        >
          <Icon name={item.icon} />
          {item.label}
        </Link>
      ))}
    </nav>
  );

  return (
    <div className="flex min-h-screen">
      <aside className="hidden w-64 shrink-0 flex-col bg-ink-950 lg:flex">
        <Brand siteName={siteName} faviconUrl={settings?.faviconUrl ?? null} />
        {navigation}
      </aside>

      {drawerOpen ? (
        <div className="fixed inset-0 z-40 lg:hidden" role="dialog" aria-modal="true" aria-label="Navigation">
          <button
            type="button"
            aria-label="Close navigation"
            className="absolute inset-0 bg-slate-900/50"
            onClick={() => setDrawerOpen(false)}
          />
          <aside ref={drawer} className="relative flex h-full w-72 flex-col bg-ink-950">
            <Brand siteName={siteName} faviconUrl={settings?.faviconUrl ?? null} />
            {navigation}
          </aside>
        </div>
      ) : null}

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-6">
          <button
            ref={menuButton}
            type="button"
            className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
            aria-label="Open navigation"
            onClick={() => setDrawerOpen(true)}
          >
            <Icon name="menu" className="h-6 w-6" />
          </button>
          <p className="truncate text-base font-semibold text-slate-900" data-testid="site-name">
            {siteName}
          </p>
          <div className="ml-auto flex items-center gap-2">
            <MessagesLink />
            <ProfileMenu
              fullname={me.fullname}
              email={me.email}
              emailVerified={me.emailVerified}
              pictureUrl={me.profileImageUrl}
            />
          </div>
        </header>
        <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}

/** The header's way to Messages, with the number of unread messages on a badge. */
function MessagesLink() {
  const { data } = useQuery(unreadMessagesQuery);
  const unread = data?.unread ?? 0;
  const label = unread === 0 ? 'Messages' : `Messages, ${unread} unread`;
  return (
    <Link
      to="/messages"
      aria-label={label}
      title={label}
      className="relative flex h-10 w-10 items-center justify-center rounded-full text-slate-600 transition hover:bg-slate-100 hover:text-slate-900"
      activeProps={{ className: 'bg-slate-100 text-slate-900', 'aria-current': 'page' }}
    >
      <Icon name="bell" className="h-6 w-6" />
      {unread > 0 ? (
        <span
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-semibold text-white tabular-nums"
          data-testid="unread-messages"
          aria-hidden="true"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}

function Brand({ siteName, faviconUrl }: { siteName: string; faviconUrl: string | null }) {
  return (
    <Link to="/dashboard" className="flex h-16 items-center gap-3 border-b border-white/10 px-5">
      <img src={faviconUrl ?? '/favicon.svg'} alt="" className="h-8 w-8 rounded-md object-contain" />
      <span className="truncate text-base font-semibold text-white" title={siteName}>
        {siteName}
      </span>
    </Link>
  );
}

function ProfileMenu({
  fullname,
  email,
  emailVerified,
  pictureUrl,
}: {
  fullname: string;
  email: string;
  emailVerified: boolean;
  pictureUrl: string | null;
}) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);
  const initial = (fullname.trim()[0] ?? email[0] ?? '?').toUpperCase();

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent ? event.key === 'Escape' : !ref.current?.contains(event.target as Node)
      ) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        aria-label="Profile menu"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
        className="flex h-10 w-10 items-center justify-center overflow-hidden rounded-full bg-brand-600 text-sm font-semibold text-white ring-2 ring-white hover:bg-brand-700"
      >
        {pictureUrl ? <img src={pictureUrl} alt="" className="h-full w-full object-cover" /> : initial}
      </button>
      {open ? (
        <div
          role="menu"
          className="absolute right-0 mt-2 w-60 rounded-xl border border-slate-200 bg-white py-2 shadow-lg"
        >
          <div className="border-b border-slate-100 px-4 pb-2">
            <p className="truncate text-sm font-medium text-slate-900">{fullname}</p>
            <p className="truncate text-xs text-slate-500">{email}</p>
            {emailVerified ? null : (
              <Link
                to="/account"
                role="menuitem"
                onClick={() => setOpen(false)}
                className="mt-1 inline-block text-xs font-semibold text-amber-800 hover:underline"
              >
                {EMAIL_VERIFICATION_MESSAGES.notVerified}
              </Link>
            )}
          </div>
          <Link
            to="/change-password"
            role="menuitem"
            onClick={() => setOpen(false)}
            // 44 px high: a tap target a finger hits on a phone.
            className="block px-4 py-3 text-sm text-slate-700 hover:bg-slate-50"
          >
            Change password
          </Link>
          <button
            type="button"
            role="menuitem"
            className="block w-full px-4 py-3 text-left text-sm text-slate-700 hover:bg-slate-50"
            onClick={async () => {
              setOpen(false);
              await signOut();
              await navigate({ to: '/' });
            }}
          >
            Logout
          </button>
        </div>
      ) : null}
    </div>
  );
}
