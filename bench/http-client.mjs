// The benchmarks' HTTP/1.1 client: keep-alive connections on raw sockets. Each request is one
// string written in one call; an answer is read as its status line, its headers and a body of
// `content-length` bytes (or chunks). node:http's client parses every header into objects and runs
// its request and response streams: on these two shared cores that was 0.2–0.3 ms of CPU per request,
// CPU the server being measured did not get (issue 15: the load generator must cost less than the
// server it measures).
import net from 'node:net';

const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * @typedef {{ status: number; ms: number; text: string }} Answer
 * @typedef {{ resolve: (answer: Answer) => void; reject: (error: Error) => void; started: number }} Waiting
 */

/**
 * A pool of keep-alive connections to `baseUrl`. `request(method, path, headers, body)` sends on an
 * idle connection (or a new one) and resolves with the status, the milliseconds from the write to
 * the whole answer, and the body as text.
 * @param {string} baseUrl
 */
export function connectionPool(baseUrl) {
  const target = new URL(baseUrl);
  const port = Number(target.port);
  const hostHeader = `host: ${target.host}\r\n`;
  /** @type {Connection[]} */
  const idle = [];

  /**
   * @param {string} method
   * @param {string} path
   * @param {Record<string, string>} headers
   * @param {Buffer} [body]
   * @returns {Promise<Answer>}
   */
  function request(method, path, headers, body) {
    let head = `${method} ${path} HTTP/1.1\r\n${hostHeader}`;
    for (const name in headers) head += `${name}: ${headers[name]}\r\n`;
    head += `content-length: ${body ? body.length : 0}\r\n\r\n`;
    const connection = idle.pop() ?? new Connection(target.hostname, port, idle);
    return connection.send(body ? Buffer.concat([Buffer.from(head, 'latin1'), body]) : head);
  }

  return {
    request,
    close() {
      for (const connection of idle.splice(0)) connection.socket.destroy();
    },
  };
}

class Connection {
  /** @param {string} host @param {number} port @param {Connection[]} idle */
  constructor(host, port, idle) {
    this.idle = idle;
    this.socket = net.connect({ host, port, noDelay: true });
    /** @type {Buffer[]} */
    this.chunks = [];
    this.length = 0;
    /** @type {Waiting | null} */
    this.waiting = null;
    this.socket.on('data', (chunk) => this.onData(chunk));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error('The server closed the connection')));
  }

  /** @param {string | Buffer} data @returns {Promise<Answer>} */
  send(data) {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject, started: performance.now() };
      this.socket.write(data);
    });
  }

  /** @param {Buffer} chunk */
  onData(chunk) {
    this.chunks.push(chunk);
    this.length += chunk.length;
    const buffer = this.chunks.length === 1 ? chunk : Buffer.concat(this.chunks, this.length);
    const answer = parseAnswer(buffer);
    if (!answer) {
      this.chunks = [buffer];
      return;
    }
    this.chunks = [];
    this.length = 0;
    const waiting = this.waiting;
    this.waiting = null;
    if (answer.close) this.socket.destroy();
    else this.idle.push(this);
    waiting?.resolve({ status: answer.status, ms: performance.now() - waiting.started, text: answer.text });
  }

  /** @param {Error} error */
  fail(error) {
    const index = this.idle.indexOf(this);
    if (index >= 0) this.idle.splice(index, 1);
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.reject(error);
  }
}

/**
 * The answer at the start of `buffer`, or null while it is incomplete.
 * @param {Buffer} buffer
 * @returns {{ status: number; text: string; close: boolean } | null}
 */
export function parseAnswer(buffer) {
  const headEnd = buffer.indexOf(HEAD_END);
  if (headEnd < 0) return null;
  const head = buffer.toString('latin1', 0, headEnd).toLowerCase();
  const status = Number(head.slice(9, 12));
  const bodyStart = headEnd + HEAD_END.length;
  const close = /\r\nconnection: *close/.test(head);
  const lengthMatch = /\r\ncontent-length: *(\d+)/.exec(head);
  if (lengthMatch) {
    const end = bodyStart + Number(lengthMatch[1]);
    if (buffer.length < end) return null;
    return { status, text: buffer.toString('utf8', bodyStart, end), close };
  }
  if (/\r\ntransfer-encoding: *chunked/.test(head)) {
    const parts = [];
    let at = bodyStart;
    for (;;) {
      const lineEnd = buffer.indexOf('\r\n', at);
      if (lineEnd < 0) return null;
      const size = Number.parseInt(buffer.toString('latin1', at, lineEnd), 16);
      const dataEnd = lineEnd + 2 + size;
      if (buffer.length < dataEnd + 2) return null;
      if (size === 0) return { status, text: Buffer.concat(parts).toString('utf8'), close };
      parts.push(buffer.subarray(lineEnd + 2, dataEnd));
      at = dataEnd + 2;
    }
  }
  // No length: 204, 304 or a body that runs to the end of the connection (not sent by the server).
  return { status, text: '', close };
}
