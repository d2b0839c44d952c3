import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/** No request of this API nests deeper than a few levels; far deeper JSON is refused as it arrives. */
export const MAX_JSON_DEPTH = 32;

/**
 * Fastify's own JSON body parser (prototype poisoning refused), plus a depth limit: a body such as
 * 100,000 nested arrays parses fine but then overflows the stack of any recursive walk over it
 * (the idempotency fingerprint, say), which would answer 500.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, body.toString(), (error, value) => {
      if (error) return done(error, undefined);
      if (depthOf(value) > MAX_JSON_DEPTH) {
        return done(new AppError('VALIDATION_FAILED', 'The request body is nested too deeply.'), undefined);
      }
      done(null, value);
    });
  });
}

/** How deeply arrays and objects nest in a parsed JSON value, counted without recursion. */
export function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const next = stack.pop() as { value: unknown; depth: number };
    if (next.value && typeof next.value === 'object') {
      const depth = next.depth + 1;
      deepest = Math.max(deepest, depth);
      if (depth > MAX_JSON_DEPTH) return depth;
      for (const item of Object.values(next.value)) stack.push({ value: item, depth });
    }
  }
  return deepest;
}
