import type { FastifyInstance } from 'fastify';
import type { Services } from './app.ts';
import { healthRoutes } from './modules/health/health.routes.ts';

/** Every module's routes, in one place. */
export async function registerModules(app: FastifyInstance, services: Services): Promise<void> {
  await healthRoutes(app, services);
}
