import { useNavigate, useSearch } from '@tanstack/react-router';

/** Where a sign-in leads when the visitor came for no page in particular. */
const HOME = '/dashboard';

/**
 * The page a visitor asked for before signing in (`/?redirect=/statement`), when it is a path of
 * this app: it starts with one slash, holds no backslash and is not the login page itself.
 * Anything else (another site's address, `//host`, `/\host`) is ignored, so the login page can
 * never send someone off the site.
 */
export function returnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return undefined;
  if (value.includes('\\') || value === '/' || value.startsWith('/?')) return undefined;
  return value;
}

/**
 * Where a signed-in visitor of the login page goes: the page asked for (`href`, which the router
 * takes over `to` when both are given), or the dashboard.
 */
export function signedInTarget(redirect: unknown): { to: typeof HOME; href?: string } {
  const path = returnPath(redirect);
  return path ? { to: HOME, href: path } : { to: HOME };
}

/** After a sign-in (password, code or passkey): on to the page asked for, or the dashboard. */
export function useContinueAfterSignIn(): () => Promise<void> {
  const navigate = useNavigate();
  const { redirect } = useSearch({ strict: false }) as { redirect?: unknown };
  return () => navigate(signedInTarget(redirect));
}
