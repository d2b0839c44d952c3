import type { FastifyInstance } from 'fastify';
import type { JobQueue } from '../lib/jobs/job-queue.ts';
import { SAFE_METHODS } from './origin-check.ts';

/**
 * A request that may change something (any method but GET, HEAD and OPTIONS) waits until the job
 * queue is prepared before it is handled: it may add jobs in its transaction (a trade opened or
 * closed fans out to copy traders), and a transaction cannot wait for the queue's start on the
 * embedded database (docs/decisions/038). A server prepares the queue just after it listens, so
 * only the requests of its first moments wait; afterwards this is one check. Reads never wait.
 */
export function registerJobQueueReady(
  app: FastifyInstance,
  jobs: Pick<JobQueue, 'prepare' | 'prepared'>,
): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (jobs.prepared || SAFE_METHODS.has(request.method)) {
      done();
      return;
    }
    jobs.prepare().then(() => done(), done);
  });
}
