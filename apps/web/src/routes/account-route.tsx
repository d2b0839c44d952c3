import { AccountPage } from '../features/account/account-page.tsx';
import { MyPlansSection } from '../features/plans/my-plans-section.tsx';
import { useMe } from '../lib/session.ts';

/** /account: the account page, with the customer's active plans (staff have none). */
export function AccountRoute() {
  const me = useMe();
  return <AccountPage plans={me.role === 'client' ? <MyPlansSection /> : undefined} />;
}
