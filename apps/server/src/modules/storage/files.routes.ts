import { z } from 'zod';
import type { RoutesPlugin } from '../../services.ts';
import { fileResponseHeaders } from './file-headers.ts';
import { openFile } from './files.service.ts';

export const filesRoutes: RoutesPlugin<'db' | 'storage'> = async (app, { db, storage }) => {
  app.get(
    '/api/files/:id',
    {
      // Public files are for everyone; the service lets only owners and admins open private ones.
      config: { access: 'public' },
      schema: {
        tags: ['files'],
        summary: 'An uploaded file (private files only for their owner and administrators)',
        params: z.object({ id: z.string().max(64) }),
        // 200: the file's bytes (streamed, so not described by a schema); 404 NOT_FOUND otherwise.
      },
    },
    async (request, reply) => {
      const { file, body } = await openFile(db, storage, request.params.id, {
        actor: request.actor,
        twoFactorEnabled: request.twoFactorEnabled,
      });
      return reply.headers(fileResponseHeaders(file)).send(body);
    },
  );
};
