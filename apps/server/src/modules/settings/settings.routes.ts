import { ErrorResponseSchema } from '@candor/contracts/errors';
import { SiteSettingsSchema, UpdateSiteSettingsRequestSchema } from '@candor/contracts/settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../../app.ts';
import { requireAuditActor } from '../../lib/request-actor.ts';
import { readUploadedFile } from '../storage/read-upload.ts';
import { readSiteSettings, replaceFavicon, updateSiteSettings } from './settings.service.ts';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema };

export async function settingsRoutes(app: FastifyInstance, { database, storage }: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;

  r.get(
    '/api/settings',
    {
      config: { access: 'public' },
      schema: { tags: ['settings'], summary: 'The site settings', response: { 200: SiteSettingsSchema } },
    },
    async () => readSiteSettings(db),
  );

  r.put(
    '/api/admin/settings',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['settings'],
        security: [{ session: [] }],
        summary: 'Change the site name and withdrawal limits',
        body: UpdateSiteSettingsRequestSchema,
        response: { 200: SiteSettingsSchema, ...errors },
      },
    },
    async (request) => updateSiteSettings(db, requireAuditActor(request), request.body),
  );

  r.post(
    '/api/admin/settings/favicon',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['settings'],
        security: [{ session: [] }],
        summary: 'Upload the favicon (PNG, JPEG or WebP; multipart field "file")',
        response: { 200: SiteSettingsSchema, ...errors, 413: ErrorResponseSchema, 415: ErrorResponseSchema },
      },
    },
    async (request) => {
      const data = await readUploadedFile(request);
      return replaceFavicon(db, storage, requireAuditActor(request), data, request.log);
    },
  );
}
