import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/** PostgreSQL's text and jsonb cannot hold U+0000: a request carrying it is refused, not stored. */
export const NUL_MESSAGE = 'Text may not contain the NUL character.';

/**
 * The zod validator of every route (params, query, headers, body), with one rule no field schema
 * states: no string and no object key anywhere in the input contains NUL. Without it, an id such
 * as `a%00b` or a reason with `\u0000` reaches the database, which fails the whole request.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  zodValidatorCompiler({ ...route, schema: z.unknown().superRefine(refuseNul).pipe(route.schema) });

function refuseNul(input: unknown, context: z.RefinementCtx): void {
  const path = findNul(input);
  if (path) context.addIssue({ code: 'custom', path, message: NUL_MESSAGE, input });
}

/** Where the first NUL is (a path of keys and indexes), walking without recursion. */
export function findNul(input: unknown): PropertyKey[] | undefined {
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: PropertyKey[] };
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path;
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => {
        stack.push({ value: item, path: [...path, index] });
      });
    } else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return [...path, key];
        stack.push({ value: item, path: [...path, key] });
      }
    }
  }
  return undefined;
}
