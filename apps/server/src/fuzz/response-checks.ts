import { ErrorResponseSchema } from '@candor/contracts/errors';

/** What a body must never show: stack frames, source paths, the database and its SQL, error classes. */
export const LEAK_PATTERNS: readonly RegExp[] = [
  /\n\s+at /,
  /\bat \S+ \(\S+:\d+:\d+\)/,
  /\.[cm]?[tj]sx?:\d+/,
  /node_modules/,
  /PGlite/i,
  /\bpostgres/i,
  /\brelation "/,
  /\bsyntax error at or near\b/,
  /\bviolates [a-z-]+ constraint\b/,
  /\bFailed query\b/,
  /\b(?:select|insert into|update|delete from) "/i,
  /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|AggregateError)\b/,
  /\bdrizzle\b/i,
  /\bcannot read propert/i,
  /\bundefined is not\b/,
  /\bFST_[A-Z_]+\b/,
  /\/(?:work|home|usr|tmp)\/\S+/,
];

export type ResponseSeen = { statusCode: number; headers: Record<string, unknown>; body: string };

/** Everything wrong with one answer of the API to a fuzzed request (nothing when it is fine). */
export function findProblems(response: ResponseSeen): string[] {
  const problems: string[] = [];
  if (response.statusCode >= 500) problems.push(`status ${response.statusCode}`);
  for (const pattern of LEAK_PATTERNS) {
    const match = pattern.exec(response.body);
    if (match) problems.push(`the body shows ${pattern} ("${around(response.body, match.index)}")`);
  }
  if (response.statusCode >= 400) {
    const parsed = ErrorResponseSchema.safeParse(parseJson(response.body));
    if (!parsed.success)
      problems.push(`the error body is not { code, message }: ${response.body.slice(0, 200)}`);
    const type = String(response.headers['content-type'] ?? '');
    if (!type.startsWith('application/json')) problems.push(`the error is sent as "${type}"`);
  }
  return problems;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function around(text: string, index: number): string {
  return text.slice(Math.max(0, index - 40), index + 60).replaceAll('\n', '\\n');
}
