import { FIRST_SCREEN_ANSWERS_FRESH_MS, FIRST_SCREEN_ANSWERS_ID } from '@candor/contracts/first-screen';

let answers: Map<string, unknown> | undefined;

/** Reads the page's data block once, then takes it out of the page. A block that does not parse is none. */
function readAnswers(): Map<string, unknown> {
  const block = document.getElementById(FIRST_SCREEN_ANSWERS_ID);
  block?.remove();
  try {
    const parsed: unknown = JSON.parse(block?.textContent || '{}');
    return new Map(parsed && typeof parsed === 'object' ? Object.entries(parsed) : []);
  } catch {
    return new Map();
  }
}

/**
 * The API's answer to `GET path` that the server sent inside a signed-in page (docs/decisions/056), or
 * undefined: then the request goes to the API. Each answer is taken once, and only while the page is
 * still fresh (FIRST_SCREEN_ANSWERS_FRESH_MS after it started loading): a later request (a refresh,
 * another visit to the same list) always reaches the API.
 */
export function takeFirstScreenAnswer(path: string): unknown {
  const answer = peekFirstScreenAnswer(path);
  answers?.delete(path);
  return answer;
}

/**
 * The same answer as takeFirstScreenAnswer, left in place: a query's first data, shown by the first
 * render; the query's own first request (if it makes one) still takes it instead of asking the API.
 */
export function peekFirstScreenAnswer(path: string): unknown {
  answers ??= readAnswers();
  if (answers.size === 0) return undefined;
  if (performance.now() > FIRST_SCREEN_ANSWERS_FRESH_MS) {
    answers.clear();
    return undefined;
  }
  return answers.get(path);
}

/**
 * Drops the answers not yet taken: they described the page as it was sent, and a change made since
 * (signing in or out, a trade, any request that is not a read) may have made them out of date.
 */
export function dropFirstScreenAnswers(): void {
  answers = new Map();
}
