import Fastify from 'fastify';
import { afterEach, expect, test } from 'vitest';
import { registerJobQueueReady } from './job-queue-ready.ts';

/** A job queue whose start the test finishes by hand. */
function queueStartingByHand() {
  let finish: (error?: Error) => void = () => undefined;
  const jobs = {
    prepared: false,
    calls: 0,
    prepare(): Promise<void> {
      jobs.calls++;
      return started;
    },
  };
  const started = new Promise<void>((resolve, reject) => {
    finish = (error) => {
      if (error) {
        reject(error);
        return;
      }
      jobs.prepared = true;
      resolve();
    };
  });
  started.catch(() => undefined);
  return { jobs, finish: (error?: Error) => finish(error) };
}

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

async function appWith(jobs: Parameters<typeof registerJobQueueReady>[1]) {
  const app = Fastify();
  apps.push(app);
  registerJobQueueReady(app, jobs);
  app.get('/api/thing', async () => ({ read: true }));
  app.post('/api/thing', async () => ({ written: true }));
  await app.ready();
  return app;
}

test('while the job queue starts, a read is answered and a change waits for it', async () => {
  const { jobs, finish } = queueStartingByHand();
  const app = await appWith(jobs);

  const read = await app.inject({ method: 'GET', url: '/api/thing' });
  expect(read.json()).toEqual({ read: true });

  let answered = false;
  const write = app.inject({ method: 'POST', url: '/api/thing', payload: {} }).then((response) => {
    answered = true;
    return response;
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(answered).toBe(false);
  expect(jobs.calls).toBe(1);

  finish();
  expect((await write).json()).toEqual({ written: true });

  // Once prepared, a change does not ask again.
  await app.inject({ method: 'POST', url: '/api/thing', payload: {} });
  expect(jobs.calls).toBe(1);
});

test('a change is refused when the job queue cannot start; a read is not', async () => {
  const { jobs, finish } = queueStartingByHand();
  const app = await appWith(jobs);
  finish(new Error('the queue cannot start'));
  const write = await app.inject({ method: 'POST', url: '/api/thing', payload: {} });
  expect(write.statusCode).toBe(500);
  const read = await app.inject({ method: 'GET', url: '/api/thing' });
  expect(read.statusCode).toBe(200);
});
