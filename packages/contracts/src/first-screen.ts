/**
 * The id of the data block in which the server sends a signed-in page the API's answers to its first
 * screen's requests (apps/server/src/plugins/first-screen-answers.ts; read by
 * apps/web/src/lib/first-screen-answers.ts; docs/decisions/056).
 */
export const FIRST_SCREEN_ANSWERS_ID = 'first-screen-answers';

/**
 * How long after the page started loading its answers may stand in for a request: a first screen asks
 * within this time; a request made later (another page, a refresh) goes to the API.
 */
export const FIRST_SCREEN_ANSWERS_FRESH_MS = 10_000;
