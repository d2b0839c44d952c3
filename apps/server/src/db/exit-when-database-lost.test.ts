import { expect, test, vi } from 'vitest';
import { exitWhenDatabaseLost } from './exit-when-database-lost.ts';

test('a lost database ends the process with exit code 1 and says why', async () => {
  const reason = new Error("the embedded database's thread stopped (exit code 1)");
  const fatal = vi.fn();
  const exit = vi.fn();
  exitWhenDatabaseLost({ lost: Promise.resolve(reason) }, { fatal }, exit);
  await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1));
  expect(fatal).toHaveBeenCalledWith(
    { err: reason },
    expect.stringContaining('the embedded database stopped'),
  );
});

test('a database that cannot be lost (PostgreSQL) never ends the process', async () => {
  const exit = vi.fn();
  exitWhenDatabaseLost({}, { fatal: vi.fn() }, exit);
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(exit).not.toHaveBeenCalled();
});
