import type { EmailDelivery, PublicSettings } from '@candor/contracts/site-settings';

/**
 * GET /api/settings as everyone reads it, with e-mail delivery `delivery` (SMTP set up or not) and
 * the support e-mail `supportEmail` (none by default).
 */
export function settingsReply(
  delivery: EmailDelivery,
  supportEmail: string | null = null,
): { status: number; body: PublicSettings } {
  return {
    status: 200,
    body: {
      siteName: 'Candor',
      faviconUrl: null,
      supportEmail,
      minWithdrawal: '0.00',
      withdrawalPercent: '0.00',
      withdrawalsNeedVerifiedIdentity: true,
      unverifiedDepositLimit: '1000.00',
      unverifiedWithdrawalLimit: '0.00',
      updatedAt: '2026-01-01T00:00:00.000Z',
      emailDelivery: delivery,
    },
  };
}
