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

/** @type {{ socket: net.Socket; times: number[]; chunks: Buffer[] }[]} */
let streams = [];
let collecting = false;
/** Quotes are recorded from the 'record' message on (none while the streams open). */
let recording = false;
let dropped = 0;

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
    // A quote counts at the receive time of the chunk that completes its line.
    const inWindow = { received: [], keys: [], keyNames: [] };
    const keyIndex = new Map();
    for (const stream of streams) {
      let text = '';
      for (let c = 0; c < stream.chunks.length; c++) {
        text += stream.chunks[c].toString('latin1');
        const last = text.lastIndexOf('\n');
        if (last === -1) continue;
        const complete = text.slice(0, last);
        text = text.slice(last + 1);
        for (const match of complete.matchAll(QUOTE_LINE)) {
          const time = Date.parse(match[2]);
          if (time < message.start || time >= message.end) continue;
          const name = `${match[1]} ${match[2]}`;
          let index = keyIndex.get(name);
          if (index === undefined) {
            index = inWindow.keyNames.length;
            keyIndex.set(name, index);
            inWindow.keyNames.push(name);
          }
          inWindow.received.push(stream.times[c]);
          inWindow.keys.push(index);
        }
      }
      stream.times.length = 0;
      stream.chunks.length = 0;
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
    for (const stream of streams) stream.socket.destroy();
    streams = [];
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
      socket.on('error', (error) => {
        if (head) fail(error.message);
      });
      // While recording, a chunk costs a clock read and two array pushes: the clients must not be
      // slower than the server they measure. The chunks are read after the window (report).
      const times = [];
      const chunks = [];
      socket.on('data', (chunk) => {
        if (!head) {
          if (recording) {
            times.push(Date.now());
            chunks.push(chunk);
          }
          return;
        }
        text += chunk.toString('latin1');
        const end = text.indexOf('\r\n\r\n');
        if (end === -1) return;
        const status = text.slice(0, text.indexOf('\r\n'));
        if (!status.startsWith('HTTP/1.1 200')) return fail(status);
        head = false;
        text = '';
        clearTimeout(timer);
        connected++;
        streams.push({ socket, times, chunks });
        socket.once('close', () => {
          if (collecting) dropped++;
        });
        resolve(undefined);
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
