import type { IconName } from '../../components/ui/icon.tsx';
import type { Audience } from '../../lib/permissions.ts';

/**
 * The account page's shortcuts, in the seed's order (seed-spec §2, Account), plus the Statement
 * (PRODUCT.md §2). Those `for: 'customers'` lead to money and identity pages: a staff account holds
 * no money and is not verified (decision 062), so its page leaves them out, as its menu does.
 */
export const ACCOUNT_TILES = [
  {
    to: '/deposit',
    for: 'customers',
    label: 'Deposit',
    description: 'Fund your trading balance with crypto.',
    icon: 'deposit',
  },
  {
    to: '/withdrawals',
    for: 'customers',
    label: 'Withdrawal',
    description: 'Request a withdrawal and follow its status.',
    icon: 'withdraw',
  },
  {
    to: '/statement',
    for: 'customers',
    label: 'Statement',
    description: 'Every movement of your balance.',
    icon: 'statement',
  },
  {
    to: '/buy-crypto',
    for: 'customers',
    label: 'Buy Crypto',
    description: 'Buy coins on a well-known exchange.',
    icon: 'crypto',
  },
  {
    to: '/identity',
    for: 'customers',
    label: 'Identity Verification',
    description: 'Upload your ID card to get verified.',
    icon: 'identity',
  },
  {
    to: '/profile-pic',
    label: 'Update Profile Picture',
    description: 'Change the picture on your account.',
    icon: 'picture',
  },
  {
    to: '/update-email',
    label: 'Update Email',
    description: 'Move your account to a new address.',
    icon: 'email',
  },
  {
    to: '/change-password',
    label: 'Update Password',
    description: 'Choose a new password.',
    icon: 'password',
  },
] as const satisfies readonly {
  to: string;
  label: string;
  description: string;
  icon: IconName;
  for?: Audience;
}[];
