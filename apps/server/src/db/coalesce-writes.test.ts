import { Writable } from 'node:stream';
import type pg from 'pg';
import { expect, test } from 'vitest';
import { createCoalescingClient } from './coalesce-writes.ts';

/** A socket that records each write it makes (one chunk list per system call). */
function recordingSocket() {
  const writes: string[][] = [];
  const socket = new Writable({
    write(chunk, _encoding, done) {
      writes.push([String(chunk)]);
      done();
    },
    writev(chunks, done) {
      writes.push(chunks.map(({ chunk }) => String(chunk)));
      done();
    },
  });
  return { socket, writes };
}

/** Stands in for node-postgres' Client: each statement's messages written corked, as pg does. */
function fakeClientClass(socket: Writable) {
  class FakeClient {
    connection = { stream: socket };
    query(text: string) {
      socket.cork();
      socket.write(`parse ${text};`);
      socket.write(`sync ${text};`);
      socket.uncork();
      return Promise.resolve({ rows: [] });
    }
  }
  return FakeClient as unknown as typeof pg.Client;
}

test('statements sent in one turn of the event loop leave in one write, in the order sent', async () => {
  const { socket, writes } = recordingSocket();
  const Client = createCoalescingClient(fakeClientClass(socket));
  const client = new Client() as unknown as { query(text: string): Promise<unknown> };
  await Promise.all([
    client.query('lock'),
    Promise.resolve().then(() => client.query('claim')),
    client.query('read'),
  ]);
  // (The fake answers at once; a real statement's answer comes after its write.)
  await new Promise((resolve) => setImmediate(resolve));
  expect(writes).toEqual([
    ['parse lock;', 'sync lock;', 'parse read;', 'sync read;', 'parse claim;', 'sync claim;'],
  ]);
  await client.query('commit');
  await new Promise((resolve) => setImmediate(resolve));
  expect(writes).toHaveLength(2);
  expect(writes[1]).toEqual(['parse commit;', 'sync commit;']);
});

test('nothing waits past the turn that sent it: the socket is uncorked before the next I/O', async () => {
  const { socket, writes } = recordingSocket();
  const Client = createCoalescingClient(fakeClientClass(socket));
  const client = new Client() as unknown as { query(text: string): Promise<unknown> };
  void client.query('alone');
  expect(writes).toEqual([]);
  await new Promise((resolve) => process.nextTick(resolve));
  expect(writes).toEqual([['parse alone;', 'sync alone;']]);
  expect(socket.writableCorked).toBe(0);
});
