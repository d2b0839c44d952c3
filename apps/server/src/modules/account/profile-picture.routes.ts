import { ErrorResponseSchema } from '@candor/contracts/errors';
import { ProfilePictureResponseSchema } from '@candor/contracts/files';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../../app.ts';
import { requireActor } from '../../lib/request-actor.ts';
import { readUploadedFile } from '../storage/read-upload.ts';
import { setProfilePicture } from './profile-picture.service.ts';

export async function profilePictureRoutes(
  app: FastifyInstance,
  { database, storage }: Services,
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/account/profile-picture',
    {
      config: { access: 'client' },
      schema: {
        tags: ['account'],
        summary: 'Upload a new profile picture (PNG, JPEG or WebP; multipart field "file")',
        security: [{ session: [] }],
        response: {
          200: ProfilePictureResponseSchema,
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          413: ErrorResponseSchema,
          415: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const actor = requireActor(request);
      const data = await readUploadedFile(request);
      return setProfilePicture(database.db, storage, actor.userId, data, request.log);
    },
  );
}
