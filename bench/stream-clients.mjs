// Load generator of bench/stream.mjs, run in child processes (node:child_process fork) so the
// clients cost the server's core as little as possible. Raw TCP sockets speak just enough HTTP/1.1
// to open a price stream: no EventSource, no HTTP client, no JSON parsing of whole events.
//
// Messages from the parent:
//   { type: 'open', host, port, path, cookie, count, concurrency, timeoutMs } → { type: 'opened', … }
//   { type: 'record' } (quotes received from now on are kept)
//   { type: 'report', start, end } → { type: 'samples', received, keys, keyNames, dropped }
//   { type: 'close' } → { type: 'closed' }
import net from 'node:net';

/** @type {net.Socket[]} */
let sockets = [];
let collecting = false;
/** Quotes are recorded from the 'record' message on (none while the streams open). */
let recording = false;
let dropped = 0;
/** Receive time (ms since the epoch) of each quote, and the index of its "symbol time" key. */
let received = [];
let keys = [];
/** @type {Map<string, number>} */
let keyIndex = new Map();
let keyNames = [];

const QUOTE_LINE = /data: \{"symbol":"([^"]+)","price":"[^"]*","time":"([^"]+)"/g;

process.on('message', async (message) => {
  if (message.type === 'open') {
    const result = await openAll(message);
    process.send({ type: 'opened', ...result });
  } else if (message.type === 'record') {
    recording = true;
  } else if (message.type === 'report') {
    recording = false;
    // Only quotes ticked inside the window count: the current quotes a stream starts with are older.
    const inWindow = { received: [], keys: [], keyNames: [] };
    const renumber = new Map();
    for (let i = 0; i < received.length; i++) {
      const name = keyNames[keys[i]];
      const time = Date.parse(name.slice(name.indexOf(' ') + 1));
      if (time < message.start || time >= message.end) continue;
      let index = renumber.get(name);
      if (index === undefined) {
        index = inWindow.keyNames.length;
        renumber.set(name, index);
        inWindow.keyNames.push(name);
      }
      inWindow.received.push(received[i]);
      inWindow.keys.push(index);
    }
    process.send({
      type: 'samples',
      received: Float64Array.from(inWindow.received),
      keys: Uint32Array.from(inWindow.keys),
      keyNames: inWindow.keyNames,
      dropped,
    });
  } else if (message.type === 'close') {
    collecting = false;
    recording = false;
    for (const socket of sockets) socket.destroy();
    sockets = [];
    received = [];
    keys = [];
    keyIndex = new Map();
    keyNames = [];
    dropped = 0;
    process.send({ type: 'closed' });
  }
});

async function openAll({ host, port, path, cookie, count, concurrency, timeoutMs }) {
  const request =
    `GET ${path} HTTP/1.1\r\nHost: ${host}:${port}\r\nCookie: ${cookie}\r\n` +
    'Accept: text/event-stream\r\n\r\n';
  let connected = 0;
  let refused = 0;
  let firstError;
  let next = 0;
  const started = performance.now();
  const openOne = () =>
    new Promise((resolve) => {
      const socket = net.connect({ host, port });
      let head = true;
      let text = '';
      const timer = setTimeout(() => socket.destroy(new Error('connect timeout')), timeoutMs);
      const fail = (reason) => {
        clearTimeout(timer);
        refused++;
        firstError ??= reason;
        socket.destroy();
        resolve(undefined);
      };
      socket.setEncoding('latin1');
      socket.on('error', (error) => {
        if (head) fail(error.message);
      });
      socket.on('data', (chunk) => {
        const now = Date.now();
        text += chunk;
        if (head) {
          const end = text.indexOf('\r\n\r\n');
          if (end === -1) return;
          const status = text.slice(0, text.indexOf('\r\n'));
          if (!status.startsWith('HTTP/1.1 200')) return fail(status);
          head = false;
          clearTimeout(timer);
          connected++;
          sockets.push(socket);
          socket.once('close', () => {
            if (collecting) dropped++;
          });
          text = text.slice(end + 4);
          resolve(undefined);
        }
        // Chunk-size lines sit between events; only whole `data:` lines are read.
        const last = text.lastIndexOf('\n');
        if (last === -1) return;
        if (!recording) {
          text = text.slice(last + 1);
          return;
        }
        const complete = text.slice(0, last);
        text = text.slice(last + 1);
        for (const match of complete.matchAll(QUOTE_LINE)) {
          const name = `${match[1]} ${match[2]}`;
          let index = keyIndex.get(name);
          if (index === undefined) {
            index = keyNames.length;
            keyIndex.set(name, index);
            keyNames.push(name);
          }
          received.push(now);
          keys.push(index);
        }
      });
      socket.once('connect', () => socket.write(request));
    });
  collecting = true;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        next++;
        await openOne();
      }
    }),
  );
  return { connected, refused, firstError, connectMs: performance.now() - started };
}
