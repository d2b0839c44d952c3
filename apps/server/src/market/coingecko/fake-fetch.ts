import fs from 'node:fs';

/** A recorded answer from fixtures/, or an inline body. */
export type ScriptedAnswer = {
  status: number;
  fixture?: string;
  body?: string;
  headers?: Record<string, string>;
};
/** What the fake server does for one request, in order. */
export type ScriptedStep = ScriptedAnswer | 'hang' | { networkError: string };

export type RecordedRequest = { url: URL; headers: Headers; signal: AbortSignal | undefined };

/** The text of a recorded answer, byte for byte. */
export function readFixture(name: string): string {
  return fs.readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
}

/**
 * A `fetch` that serves recorded answers in order and records every request. 'hang' never
 * answers until the request's signal aborts (as a real fetch does on timeout or cancel).
 */
export function createFakeFetch(script: readonly ScriptedStep[]): {
  fetch: typeof fetch;
  requests: RecordedRequest[];
} {
  const requests: RecordedRequest[] = [];
  const steps = [...script];
  const fakeFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const signal = init?.signal ?? undefined;
    requests.push({ url: new URL(String(input)), headers: new Headers(init?.headers), signal });
    const step = steps.shift();
    if (step === undefined) throw new Error(`Unscripted request ${String(input)}`);
    if (step === 'hang') return waitForAbort(signal);
    if ('networkError' in step) throw new TypeError('fetch failed', { cause: new Error(step.networkError) });
    const body = step.fixture === undefined ? (step.body ?? '') : readFixture(step.fixture);
    return new Response(body, {
      status: step.status,
      headers: { 'content-type': 'application/json', ...step.headers },
    });
  };
  return { fetch: fakeFetch, requests };
}

function waitForAbort(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => {
    if (!signal) return;
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/** A sleep that returns at once and records how long it was asked to wait. */
export function createRecordingSleep(): { sleep: (ms: number) => Promise<void>; waits: number[] } {
  const waits: number[] = [];
  return {
    waits,
    sleep: async (ms) => {
      waits.push(ms);
    },
  };
}
