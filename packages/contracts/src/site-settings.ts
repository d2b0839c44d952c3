// What GET /api/settings (anyone) and GET /api/admin/settings answer. Apart from settings.ts (the
// settings form's request, with the money and plans rules it checks) so the login page, which reads
// the public settings, does not load the form's schemas (docs/decisions/033).
import { z } from 'zod';

/** The site settings as staff with settings.manage read and change them (GET/PUT /api/admin/settings). */
export const SiteSettingsSchema = z
  .object({
    siteName: z.string(),
    /** `/api/files/<id>`, or null when no favicon was uploaded. */
    faviconUrl: z.string().nullable(),
    /**
     * Where customers write for help, shown where they cannot help themselves: an inactive account,
     * and the password reset page when no e-mail leaves the site. Null when none is set.
     */
    supportEmail: z.string().nullable(),
    /** Dollars as a decimal string: "10.00". */
    minWithdrawal: z.string(),
    /** Percent as a decimal string with 2 decimals: "2.50". */
    withdrawalPercent: z.string(),
    /** Dollars: an adjustment or withdrawal approval above it needs a second staff member; "0.00" = off. */
    fourEyesThreshold: z.string(),
    /** Days after a decline that the submission's ID images are erased (default 30). */
    declinedIdRetentionDays: z.number().int(),
    /** Years after an account is closed that its approved identity records are erased (default 5). */
    approvedIdRetentionYears: z.number().int(),
    /** Identity limits (issue 12): withdrawals need a verified identity. */
    withdrawalsNeedVerifiedIdentity: z.boolean(),
    /** Identity limits: dollars an unverified account may deposit in 30 days ("1000.00"). */
    unverifiedDepositLimit: z.string(),
    /** Identity limits: dollars an unverified account may withdraw in 30 days ("0.00"). */
    unverifiedWithdrawalLimit: z.string(),
    /** Spread in pips on forex pairs for accounts without a trading package ("2.0"). */
    defaultForexSpreadPips: z.string(),
    /** Spread in percent of the price on crypto and stocks without a package ("0.20"). */
    defaultOtherSpreadPercent: z.string(),
    /** Maximum leverage (lot size cap) without a package (100). */
    defaultMaxLeverage: z.number().int(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'SiteSettings' });
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;

/** How the site's e-mail leaves: over SMTP, or not at all (kept for the customer's Messages only). */
export const EmailDeliverySchema = z.enum(['smtp', 'none']);
export type EmailDelivery = z.infer<typeof EmailDeliverySchema>;

/**
 * The answer of GET /api/settings, to anyone: what the pages show (name, icon, withdrawal limits).
 * The four-eyes threshold is an internal control, for staff only.
 */
export const PublicSettingsSchema = SiteSettingsSchema.omit({
  fourEyesThreshold: true,
  declinedIdRetentionDays: true,
  approvedIdRetentionYears: true,
  // The default trading terms reach a customer through GET /api/trading-terms.
  defaultForexSpreadPips: true,
  defaultOtherSpreadPercent: true,
  defaultMaxLeverage: true,
})
  .extend({ emailDelivery: EmailDeliverySchema })
  .meta({ id: 'PublicSettings' });
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;
