import { Mutex, messages, PGlite, protocol, type Transaction } from '@electric-sql/pglite';
import type { StartedPgliteThread } from './pglite-thread-start.ts';

/**
 * What PGlite's query, exec and transaction are built on, and what this class provides for them:
 * PGlite's own base class (not exported by name; it is PGlite's parent). Its `query`, `exec` and
 * `transaction` run here unchanged (parameters serialised, rows parsed, locks, COMMIT checks).
 */
type PgliteBase = abstract new () => Pick<
  PGlite,
  'query' | 'sql' | 'exec' | 'transaction' | 'describeQuery' | 'runExclusive' | 'serializers' | 'parsers'
> & { _initArrayTypes(): Promise<void> };
const BasePGlite = Object.getPrototypeOf(PGlite) as PgliteBase;

type Reply = { id: number; chunks?: Uint8Array[]; error?: { message: string; stack?: string } };
type Pending = { resolve(chunks: Uint8Array[] | undefined): void; reject(error: Error): void };
type BackendMessage = { name: string };
type ProtocolOptions = {
  syncToFs?: boolean;
  throwOnError?: boolean;
  onNotice?: (notice: messages.NoticeMessage) => void;
};

/**
 * The embedded database run on a thread of its own (docs/decisions/042): PGlite opens and runs
 * PostgreSQL in a worker (pglite-thread-worker.mjs) while this thread serves requests. Each
 * wire-protocol message goes there and PostgreSQL's reply comes back as bytes, parsed here with
 * PGlite's parser, so a failed statement throws PGlite's own `DatabaseError`, with its code.
 * One connection, as before: statements and transactions take the same locks PGlite takes.
 */
export class PgliteThread extends BasePGlite {
  readonly debug = 0;
  readonly #worker: StartedPgliteThread['worker'];
  readonly #queryLock = new Mutex();
  readonly #transactionLock = new Mutex();
  readonly #pending = new Map<number, Pending>();
  /**
   * Messages waiting to go to the thread with the next one sent, as copies: the caller's buffer may
   * be reused for its next message, and a view into a larger buffer would take all of it along.
   */
  readonly #deferred: Uint8Array<ArrayBuffer>[] = [];
  /** A message may be split between two chunks of a reply; a reply ends with a whole one. */
  readonly #parser = new protocol.Parser();
  readonly #described = new Map<string, BackendMessage[]>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  readonly #notificationListeners = new Set<(channel: string, payload: string) => void>();
  #nextId = 1;
  #stopped: Error | undefined;
  #closing = false;
  #lost: (error: Error) => void = () => undefined;
  /**
   * Settles with why, when the thread ends while the client is open (PGlite failed there, or the
   * thread was ended from outside); never after `close()`. Nothing can be answered from then on.
   */
  readonly lost = new Promise<Error>((resolve) => {
    this.#lost = resolve;
  });

  private constructor(started: StartedPgliteThread) {
    super();
    this.#worker = started.worker;
    this.#worker.on('message', (reply: Reply) => this.#settle(reply));
    this.#worker.on('error', (error) => this.#stop(error));
    this.#worker.on('exit', (code) => {
      this.#stop(new Error(`the embedded database's thread stopped (exit code ${code})`));
      if (!this.#closing) this.#lost(this.#stopped as Error);
    });
  }

  /** The client of a started thread, once PGlite there has opened. */
  static async connect(started: StartedPgliteThread): Promise<PgliteThread> {
    await started.opened;
    const client = new PgliteThread(started);
    await client._initArrayTypes();
    return client;
  }

  #settle(reply: Reply): void {
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (reply.error) {
      pending.reject(Object.assign(new Error(reply.error.message), { stack: reply.error.stack }));
    } else {
      pending.resolve(reply.chunks);
    }
  }

  #stop(error: Error): void {
    this.#stopped ??= error;
    for (const pending of this.#pending.values()) pending.reject(this.#stopped);
    this.#pending.clear();
  }

  #call(op: 'exec', messages: Uint8Array<ArrayBuffer>[]): Promise<Uint8Array[]>;
  #call(op: 'close'): Promise<undefined>;
  #call(op: 'exec' | 'close', messages?: Uint8Array<ArrayBuffer>[]): Promise<Uint8Array[] | undefined> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ id, op, messages }, messages?.map((message) => message.buffer) ?? []);
    });
  }

  /**
   * Runs one wire-protocol message and returns the messages of the reply, as PGlite's
   * `execProtocolStream` does: the first error ends them and is thrown (unless `throwOnError` is
   * false), notices go to `onNotice`, notifications to the listeners.
   *
   * A round trip to the thread costs about as much as PostgreSQL's own work on a small statement,
   * and PGlite's query sends six messages one by one (Parse, Describe, Bind, Describe, Execute,
   * Sync), its exec two (Query, Sync). So the messages whose replies the caller only collects wait
   * here (`deferUntilSync`) and leave with the next Sync or statement Describe, the two whose replies
   * it reads: a query is two round trips, an exec one. The replies come back in the order sent,
   * returned with that Sync's or Describe's, so the caller collects the same messages in the same
   * order; an error in a message that waited is thrown there.
   *
   * A statement's Describe is answered from `#described` when the same Parse was described before
   * (its parameters' types are what the caller reads from it), so a statement sent again is one
   * round trip. Kept until a schema changes or a statement fails.
   */
  async execProtocolStream(message: Uint8Array, options: ProtocolOptions = {}): Promise<BackendMessage[]> {
    if (deferUntilSync(message)) {
      this.#deferred.push(message.slice());
      return [];
    }
    const parse = isStatementDescribe(message) ? this.#deferred.at(-1) : undefined;
    const key = parse && parse[0] === PARSE ? Buffer.from(parse).toString('latin1') : undefined;
    const described = key === undefined ? undefined : this.#described.get(key);
    if (described) return [...described];
    this.#deferred.push(message.slice());
    const replies = this.#read(await this.#call('exec', this.#deferred.splice(0)), options);
    if (key !== undefined) {
      if (this.#described.size >= DESCRIBED_LIMIT) this.#described.clear();
      this.#described.set(key, replies);
    }
    return replies;
  }

  #read(chunks: Uint8Array[], { throwOnError = true, onNotice }: ProtocolOptions): BackendMessage[] {
    const results: BackendMessage[] = [];
    let failure: messages.DatabaseError | undefined;
    const read = (reply: BackendMessage) => {
      if (failure) return;
      if (reply instanceof messages.DatabaseError) {
        this.#described.clear();
        if (throwOnError) failure = reply;
      } else if (reply instanceof messages.CommandCompleteMessage && SCHEMA_CHANGE.test(reply.text)) {
        this.#described.clear();
      } else if (reply instanceof messages.NoticeMessage) {
        onNotice?.(reply);
      } else if (reply instanceof messages.NotificationResponseMessage) {
        this.#notify(reply.channel, reply.payload);
      }
      results.push(reply);
    };
    for (const chunk of chunks) this.#parser.parse(chunk, read);
    if (failure) throw failure;
    return results;
  }

  /**
   * Nothing to do: the data folder is a folder of files (PGlite's `NodeFS`), whose `syncToFs` does
   * nothing in PGlite either; PostgreSQL's writes reach the files as it makes them.
   */
  async syncToFs(): Promise<void> {}

  async _checkReady(): Promise<void> {
    if (this.#stopped) throw this.#stopped;
    if (this.#closing) throw new Error('PGlite is closing');
  }

  _runExclusiveQuery<T>(run: () => Promise<T>): Promise<T> {
    return this.#queryLock.runExclusive(run);
  }

  _runExclusiveTransaction<T>(run: () => Promise<T>): Promise<T> {
    return this.#transactionLock.runExclusive(run);
  }

  // COPY to and from /dev/blob: not used by the server.
  async _handleBlob(blob?: Blob): Promise<void> {
    if (blob) throw new Error('the embedded database thread does not take files (COPY … /dev/blob)');
  }
  async _getWrittenBlob(): Promise<undefined> {
    return undefined;
  }
  async _cleanupBlob(): Promise<void> {}

  #notify(channel: string, payload: string): void {
    for (const listener of this.#listeners.get(channel) ?? []) queueMicrotask(() => listener(payload));
    for (const listener of this.#notificationListeners) queueMicrotask(() => listener(channel, payload));
  }

  /** LISTEN on a channel, as PGlite's `listen` (the job queue's notifications). */
  async listen(
    channel: string,
    callback: (payload: string) => void,
    tx?: Transaction,
  ): Promise<(tx?: Transaction) => Promise<void>> {
    const name = postgresName(channel);
    const listeners = this.#listeners.get(name) ?? new Set();
    this.#listeners.set(name, listeners);
    listeners.add(callback);
    try {
      await (tx ?? this).exec(`LISTEN ${channel}`);
    } catch (error) {
      listeners.delete(callback);
      if (listeners.size === 0) this.#listeners.delete(name);
      throw error;
    }
    return async (unlistenTx?: Transaction) => this.unlisten(name, callback, unlistenTx);
  }

  async unlisten(channel: string, callback?: (payload: string) => void, tx?: Transaction): Promise<void> {
    const name = postgresName(channel);
    const listeners = this.#listeners.get(name);
    if (callback) listeners?.delete(callback);
    if (!callback || listeners?.size === 0) {
      await (tx ?? this).exec(`UNLISTEN ${channel}`);
      this.#listeners.delete(name);
    }
  }

  onNotification(callback: (channel: string, payload: string) => void): () => void {
    this.#notificationListeners.add(callback);
    return () => this.#notificationListeners.delete(callback);
  }

  /** Waits for running statements, closes PostgreSQL (a clean shutdown) and ends the thread. */
  async close(): Promise<void> {
    if (this.#stopped) return;
    await this.#transactionLock.runExclusive(() =>
      this.#queryLock.runExclusive(async () => {
        this.#closing = true;
      }),
    );
    try {
      await this.#call('close');
    } finally {
      this.#stop(new Error('PGlite is closed'));
      await this.#worker.terminate();
    }
  }
}

const PARSE = 'P'.charCodeAt(0);
/** Statement descriptions kept at most; all are dropped when full. */
const DESCRIBED_LIMIT = 2000;
/**
 * Commands after which a statement's parameters may have other types: schema changes, a DO block
 * (which may run any), and the session's settings (search_path).
 */
const SCHEMA_CHANGE = /^(CREATE|ALTER|DROP|DO|SET|RESET|DISCARD)\b/;

/** A Describe of a prepared statement ('D' then 'S'), whose reply the caller reads. */
function isStatementDescribe(message: Uint8Array): boolean {
  return message[0] === 'D'.charCodeAt(0) && message[5] === 'S'.charCodeAt(0);
}

/**
 * Whether PGlite's callers only collect this message's reply: Parse ('P'), Bind ('B'), Execute
 * ('E'), a portal's Describe ('D' then 'P') and a simple Query ('Q'), each followed in PGlite's
 * query and exec by a Sync or a statement's Describe (see execProtocolStream).
 */
function deferUntilSync(message: Uint8Array): boolean {
  const type = String.fromCharCode(message[0] ?? 0);
  if (type === 'D') return String.fromCharCode(message[5] ?? 0) === 'P';
  return type === 'P' || type === 'B' || type === 'E' || type === 'Q';
}

/** A channel's name as PostgreSQL folds it: lower case unless quoted. */
function postgresName(channel: string): string {
  return channel.startsWith('"') && channel.endsWith('"') ? channel.slice(1, -1) : channel.toLowerCase();
}

/** What the server asks of the embedded database's client: PGlite itself (tests) or the thread. */
export type EmbeddedClient = Pick<PGlite, 'query' | 'exec' | 'transaction' | 'listen'>;
