import { bigint, boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/**
 * A customer's passkeys (better-auth's passkey plugin reads and writes this table; property names
 * are its field names). The public key is stored COSE-encoded in base64; nothing secret is kept.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    /** The name the customer gave it ("Laptop"), shown on /account. */
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The authenticator's credential id (base64url); a sign-in finds the passkey by it. */
    credentialID: text('credential_id').notNull().unique(),
    /** The authenticator's signature counter (WebAuthn), updated on every sign-in. */
    counter: bigint('counter', { mode: 'number' }).notNull(),
    /** 'singleDevice' | 'multiDevice' (a synced passkey). */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    aaguid: text('aaguid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('passkeys_user_id_idx').on(t.userId)],
);
