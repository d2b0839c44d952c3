import { FILE_PURPOSES, FILE_VISIBILITIES } from '@candor/contracts/files';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';
import { checkOneOf } from './enum-check.ts';

/** Every stored upload. The bytes live in the storage backend under `storageKey`. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storageKey: text('storage_key').notNull().unique(),
    purpose: text('purpose', { enum: FILE_PURPOSES }).notNull(),
    visibility: text('visibility', { enum: FILE_VISIBILITIES }).notNull(),
    ownerUserId: text('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('files_owner_idx').on(t.ownerUserId),
    checkOneOf('files_purpose', t.purpose, FILE_PURPOSES),
    checkOneOf('files_visibility', t.visibility, FILE_VISIBILITIES),
  ],
);
