import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Services } from '../../app.ts';
import { fileResponseHeaders } from './file-headers.ts';
import { openFile } from './files.service.ts';

export async function filesRoutes(app: FastifyInstance, { database, storage }: Services): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
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
      const { file, body } = await openFile(database.db, storage, request.params.id, request.actor);
      return reply.headers(fileResponseHeaders(file)).send(body);
    },
  );
}
