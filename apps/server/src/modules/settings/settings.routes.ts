import { ErrorResponseSchema } from '@candor/contracts/errors';
import {
  AdminSettingsSchema,
  UpdateSiteSettingsRequestSchema,
  UpdateSiteSettingsResponseSchema,
} from '@candor/contracts/settings';
import { PublicSettingsSchema, SiteSettingsSchema } from '@candor/contracts/site-settings';
import { requireActor } from '../../lib/request-actor.ts';
import type { RoutesPlugin } from '../../services.ts';
import { readUploadedFile } from '../storage/read-upload.ts';
import {
  readPublicSettings,
  readSiteSettings,
  replaceFavicon,
  updateSiteSettings,
} from './settings.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

export const settingsRoutes: RoutesPlugin<'db' | 'storage' | 'clock' | 'transactions' | 'mailer'> = async (
  app,
  { db, storage, clock, transactions, mailer },
) => {
  app.get(
    '/api/settings',
    {
      config: { access: 'public' },
      schema: {
        tags: ['settings'],
        summary:
          'The site settings the pages show (name, icon, withdrawal limits, whether e-mail is delivered)',
        response: { 200: PublicSettingsSchema },
      },
    },
    async () => readPublicSettings(db, mailer.transport === 'smtp' ? 'smtp' : 'none'),
  );

  app.get(
    '/api/admin/settings',
    {
      config: { access: 'settings.manage' },
      schema: {
        tags: ['settings'],
        summary:
          'Every site setting, with the four-eyes threshold and the change of it waiting for a second approval',
        response: { 200: AdminSettingsSchema, ...errors },
      },
    },
    async () => readSiteSettings(db),
  );

  app.put(
    '/api/admin/settings',
    {
      config: { access: 'settings.manage' },
      schema: {
        tags: ['settings'],
        summary: 'Change the site settings; a change that loosens the four-eyes threshold waits',
        description:
          'Every field but the four-eyes threshold applies at once. A change of fourEyesThreshold needs ' +
          'fourEyesReason (400 otherwise): lowering it, or turning it on from 0, applies at once with the ' +
          'reason on record; raising it, or setting it to 0 while on, waits for a second staff member with ' +
          'settings.manage on the Approvals tab (thresholdChange: awaiting_approval; the threshold in force ' +
          'stays). While one change of the threshold waits, another is refused: 409 AWAITING_SECOND_APPROVAL.',
        body: UpdateSiteSettingsRequestSchema,
        response: { 200: UpdateSiteSettingsResponseSchema, ...errors, 409: ErrorResponseSchema },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      return transactions.run((context) => updateSiteSettings({ ...context, actor, input: request.body }));
    },
  );

  app.post(
    '/api/admin/settings/favicon',
    {
      config: { access: 'settings.manage', rateLimit: 'upload' },
      schema: {
        tags: ['settings'],
        summary: 'Upload the favicon (PNG, JPEG or WebP; multipart field "file")',
        response: { 200: SiteSettingsSchema, ...errors, 413: ErrorResponseSchema, 415: ErrorResponseSchema },
      },
    },
    async (request) => {
      const data = await readUploadedFile(request);
      return replaceFavicon({
        db,
        storage,
        actor: requireActor(request),
        now: clock(),
        data,
        log: request.log,
      });
    },
  );
};
