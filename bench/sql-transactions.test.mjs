import { expect, test } from 'vitest';
import { transactionShapes } from './sql-transactions.mjs';

const sent = (at, connection, roundTrip, text) => ({ at, connection, roundTrip, text, values: [] });

test('groups each connection’s transactions by shape, round trip by round trip', () => {
  const shapes = transactionShapes(
    [
      sent(0, 1, true, 'begin'),
      sent(1, 2, true, 'select 1 -- outside any transaction'),
      sent(2, 2, true, 'BEGIN'),
      sent(3, 1, true, 'select *\n  from deposits'),
      sent(3, 1, false, 'insert into keys'),
      sent(4, 2, true, 'select * from deposits'),
      sent(6, 1, true, 'commit'),
      sent(7, 2, false, 'insert into keys'),
      sent(12, 2, false, 'commit'),
      sent(13, 1, true, 'begin'),
      sent(14, 1, true, 'select * from deposits'),
      sent(15, 1, true, 'rollback'),
    ],
    16,
  );
  expect(shapes).toEqual([
    {
      shape: '*select * from de +insert into keys *commit',
      count: 1,
      roundTrips: 3,
      medianMs: 6,
      slowestMs: 6,
    },
    {
      shape: '*select * from de +insert into keys +commit',
      count: 1,
      roundTrips: 2,
      medianMs: 10,
      slowestMs: 10,
    },
    { shape: '*select * from de *rollback', count: 1, roundTrips: 3, medianMs: 2, slowestMs: 2 },
  ]);
});

test('refuses statements captured without their times', () => {
  expect(() => transactionShapes([{ text: 'begin' }])).toThrow('captured without their times');
});

test('a long transaction’s shape shows its first statements and how many it held', () => {
  const statements = Array.from({ length: 20 }, (_, i) => sent(i + 1, 1, true, `create table t${i}`));
  const [shape] = transactionShapes([sent(0, 1, true, 'begin'), ...statements, sent(30, 1, true, 'commit')]);
  expect(shape?.shape).toMatch(/^\*create table t0 .*\*create table t15 … \(21 statements\)$/);
  expect(shape?.roundTrips).toBe(22);
});
