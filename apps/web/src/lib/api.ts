import { type ErrorCode, ErrorResponseSchema } from '@candor/contracts/errors';
import type { z } from 'zod';
import {
  dropFirstScreenAnswers,
  peekFirstScreenAnswer,
  takeFirstScreenAnswer,
} from './first-screen-answers.ts';

/** An answer from the API that is not a success: carries the machine-readable code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | 'NETWORK',
    message: string,
    /** The server's second sentence under the message, when it gave one (`ErrorResponse.notice`). */
    readonly notice?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** multipart uploads */
  form?: FormData;
  signal?: AbortSignal;
  /** Sent as the Idempotency-Key header of a money-moving request (reuse it when retrying). */
  idempotencyKey?: string;
};

/**
 * Calls the API and parses the answer with the contract's schema (no casts). A failure becomes
 * an ApiError with the server's code and message. A read the server already answered inside the
 * page (lib/first-screen-answers.ts) takes that answer instead; any other request drops those answers.
 */
export async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  options: RequestOptions = {},
): Promise<z.infer<S>> {
  const sentWithPage = (options.method ?? 'GET') === 'GET' ? takeFirstScreenAnswer(path) : undefined;
  if (sentWithPage !== undefined) {
    const checked = checkPageAnswer(sentWithPage, schema);
    if (checked.success) return checked.data;
    throw checked.error;
  }
  const response = await send(path, options);
  if (response.status === 204) return schema.parse(undefined);
  return schema.parse(await response.json());
}

/**
 * A query of `GET path` whose first data is the answer the page carried (docs/decisions/056), when
 * it carried one that fits the contract: the first render shows it, instead of a skeleton and a
 * second render once the query's request has taken it. The query's requests are apiRequest's.
 */
export function readAnsweredInPage<S extends z.ZodType>(path: string, schema: S) {
  return {
    queryFn: ({ signal }: { signal: AbortSignal }) => apiRequest(path, schema, { signal }),
    initialData: (): z.infer<S> | undefined => {
      const answer = checkPageAnswer(peekFirstScreenAnswer(path), schema);
      return answer.success ? answer.data : undefined;
    },
  };
}

type PageAnswerCheck = { schema: z.ZodType; result: z.ZodSafeParseResult<unknown> };

/**
 * Each answer the page carried, as its schema parsed it: a query's first data (readAnsweredInPage)
 * and then the query's own request take the same answer, and on a phone the second parse of the
 * first screen's answers (300 candles) was main-thread time for nothing. Keyed by the answer itself,
 * so an answer is parsed again only by another schema.
 */
const pageAnswerChecks = new WeakMap<object, PageAnswerCheck>();

/** The kept result is this schema's: the schema is the same object that parsed it. */
function isCheckBy<S extends z.ZodType>(
  check: PageAnswerCheck | undefined,
  schema: S,
): check is { schema: S; result: z.ZodSafeParseResult<z.infer<S>> } {
  return check?.schema === schema;
}

function checkPageAnswer<S extends z.ZodType>(answer: unknown, schema: S): z.ZodSafeParseResult<z.infer<S>> {
  if (typeof answer !== 'object' || answer === null) return schema.safeParse(answer);
  const kept = pageAnswerChecks.get(answer);
  if (isCheckBy(kept, schema)) return kept.result;
  const result = schema.safeParse(answer);
  pageAnswerChecks.set(answer, { schema, result });
  return result;
}

/** For endpoints that answer 204 No Content. */
export async function apiSend(path: string, options: RequestOptions = {}): Promise<void> {
  await send(path, options);
}

async function send(
  path: string,
  { method = 'GET', body, form, signal, idempotencyKey }: RequestOptions,
): Promise<Response> {
  if (method !== 'GET') dropFirstScreenAnswers();
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (idempotencyKey !== undefined) headers['idempotency-key'] = idempotencyKey;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      credentials: 'same-origin',
      headers: Object.keys(headers).length > 0 ? headers : undefined,
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'NETWORK', 'Something went wrong. Please try again later.');
  }
  if (response.ok) return response;
  const parsed = ErrorResponseSchema.safeParse(await response.json().catch(() => null));
  if (parsed.success) {
    throw new ApiError(response.status, parsed.data.code, parsed.data.message, parsed.data.notice);
  }
  throw new ApiError(response.status, 'INTERNAL', 'Something went wrong. Please try again later.');
}

export function isApiError(error: unknown, code?: ErrorCode): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}
