import { ErrorResponseSchema } from '@candor/contracts/errors';
import { ProfilePictureResponseSchema } from '@candor/contracts/files';
import { requireActor } from '../../lib/request-actor.ts';
import type { RoutesPlugin } from '../../services.ts';
import { readUploadedFile } from '../storage/read-upload.ts';
import { setProfilePicture } from './profile-picture.service.ts';

export const profilePictureRoutes: RoutesPlugin<'db' | 'storage' | 'clock'> = async (
  app,
  { db, storage, clock },
) => {
  app.post(
    '/api/account/profile-picture',
    {
      config: { access: 'client', rateLimit: 'upload' },
      schema: {
        tags: ['account'],
        summary: 'Upload a new profile picture (PNG, JPEG or WebP; multipart field "file")',
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
      return setProfilePicture({ db, storage, actor, now: clock(), data, log: request.log });
    },
  );
};
