import pg from 'pg';
import { afterEach, expect, test, vi } from 'vitest';
import { createStatementCachingClient, MAX_PREPARED, PREPARE_AFTER } from './statement-cache.ts';

/** What the caching client hands to node-postgres (nothing is sent: no connection is opened). */
function sentConfigs() {
  const sent: unknown[] = [];
  vi.spyOn(pg.Client.prototype, 'query').mockImplementation(((config: unknown) => {
    sent.push(config);
    return Promise.resolve({ rows: [] });
  }) as never);
  const Client = createStatementCachingClient(pg.Client);
  return { client: new Client(), sent };
}

afterEach(() => {
  vi.restoreAllMocks();
});

test(`a statement is named (so prepared) from its ${PREPARE_AFTER}th sending on; its values stay parameters`, async () => {
  const { client, sent } = sentConfigs();
  const text = 'select * from users where id = $1';
  for (let i = 0; i < PREPARE_AFTER + 2; i++) await client.query({ text, values: [`u${i}`] });
  const names = sent.map((config) => (config as { name?: string }).name);
  expect(names.slice(0, PREPARE_AFTER - 1)).toEqual(Array(PREPARE_AFTER - 1).fill(undefined));
  expect(new Set(names.slice(PREPARE_AFTER - 1))).toEqual(new Set(['candor_1']));
  expect((sent.at(-1) as { values: string[] }).values).toEqual([`u${PREPARE_AFTER + 1}`]);
});

test('another text gets another name; plain strings and statements named by the caller pass unchanged', async () => {
  const { client, sent } = sentConfigs();
  for (let i = 0; i < PREPARE_AFTER; i++) await client.query({ text: 'select $1::int as a', values: [i] });
  for (let i = 0; i < PREPARE_AFTER; i++) await client.query({ text: 'select $1::int as b' }, [i]);
  await client.query('select 3');
  await client.query({ text: 'select 4', name: 'mine' });
  expect(sent[PREPARE_AFTER - 1]).toEqual({
    text: 'select $1::int as a',
    values: [PREPARE_AFTER - 1],
    name: 'candor_1',
  });
  expect(sent[2 * PREPARE_AFTER - 1]).toEqual({ text: 'select $1::int as b', name: 'candor_2' });
  expect(sent.slice(-2)).toEqual(['select 3', { text: 'select 4', name: 'mine' }]);
});

test('a text sent without parameters is never named: the simple protocol it goes through takes several commands', async () => {
  const { client, sent } = sentConfigs();
  const text = 'BEGIN; SELECT 1; COMMIT;';
  for (let i = 0; i < 3 * PREPARE_AFTER; i++) {
    await client.query({ text });
    await client.query({ text, values: [] });
  }
  expect(sent.every((config) => (config as { name?: string }).name === undefined)).toBe(true);
});

test(`no more than ${MAX_PREPARED} statements are ever named`, async () => {
  const { client, sent } = sentConfigs();
  for (let s = 0; s < MAX_PREPARED + 10; s++) {
    for (let i = 0; i < PREPARE_AFTER; i++) await client.query({ text: `select ${s} + $1`, values: [i] });
  }
  const names = new Set(sent.map((config) => (config as { name?: string }).name).filter(Boolean));
  expect(names.size).toBe(MAX_PREPARED);
});
