import { z } from 'zod';
import { IdentityStatusSchema, UserStatusSchema } from './auth.ts';
import { DecimalAmountSchema, PageQuerySchema, pageOf } from './money.ts';
import { SearchTextSchema } from './search.ts';

/** The Users tab's page size (seed-spec §2: 10 a page). */
export const ADMIN_USERS_PAGE_SIZE = 10;

/** How the Users tab orders customers: by date joined or by cash balance. */
export const USER_SORTS = ['newest', 'oldest', 'balance_desc', 'balance_asc'] as const;
export const UserSortSchema = z.enum(USER_SORTS);
export type UserSort = z.infer<typeof UserSortSchema>;

export const USER_SORT_LABELS = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  balance_desc: 'Balance: high to low',
  balance_asc: 'Balance: low to high',
} as const satisfies Record<UserSort, string>;

/** The filters of the Users tab (and of its CSV export). */
export const AdminUserFilterSchema = z.object({
  /** Any part of the e-mail, the username or the full name (case-insensitive; % and _ are literal). */
  search: SearchTextSchema,
  status: UserStatusSchema.optional(),
  verification: IdentityStatusSchema.optional(),
  sort: UserSortSchema.default('newest'),
});
export type AdminUserFilter = z.infer<typeof AdminUserFilterSchema>;

export const AdminUserListQuerySchema = PageQuerySchema.extend(AdminUserFilterSchema.shape);
export type AdminUserListQuery = z.infer<typeof AdminUserListQuerySchema>;

/** One customer in the Users tab. */
export const AdminUserListItemSchema = z
  .object({
    id: z.string(),
    fullName: z.string(),
    email: z.string(),
    username: z.string(),
    /** The cash balance (customer_cash), a decimal string. */
    balance: DecimalAmountSchema,
    status: UserStatusSchema,
    identityStatus: IdentityStatusSchema,
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'AdminUserListItem' });
export type AdminUserListItem = z.infer<typeof AdminUserListItemSchema>;
/** How many matches of a search are counted at most ("more than 1,000" beyond). */
export const ADMIN_USERS_COUNT_CAP = 1_000;

export const AdminUserListPageSchema = pageOf(AdminUserListItemSchema, 'AdminUserListPage')
  .extend({
    /** True when a search matches more than ADMIN_USERS_COUNT_CAP customers: `total` is then the cap. */
    totalCapped: z.boolean(),
  })
  .meta({ id: 'AdminUserListPage' });
export type AdminUserListPage = z.infer<typeof AdminUserListPageSchema>;

/** Seed-spec §2: the Users tab shows "Active" or "Blocked"; a closed account says so. */
export const USER_LIST_STATUS_LABELS = {
  active: 'Active',
  suspended: 'Blocked',
  closed: 'Closed',
} as const satisfies Record<z.infer<typeof UserStatusSchema>, string>;

export const IDENTITY_STATUS_LABELS = {
  unverified: 'Not verified',
  pending: 'Pending review',
  verified: 'Verified',
  declined: 'Declined',
} as const satisfies Record<z.infer<typeof IdentityStatusSchema>, string>;
