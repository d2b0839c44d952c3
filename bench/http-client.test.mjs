import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionPool, parseAnswer } from './http-client.mjs';

describe('parseAnswer', () => {
  const answer = (text) => parseAnswer(Buffer.from(text, 'utf8'));

  it('reads a body of content-length bytes, and nothing before it has all arrived', () => {
    const whole = 'HTTP/1.1 201 Created\r\nContent-Length: 7\r\n\r\n{"a":1}';
    expect(answer(whole)).toEqual({ status: 201, text: '{"a":1}', close: false });
    for (let cut = 0; cut < whole.length; cut++) expect(answer(whole.slice(0, cut))).toBeNull();
  });

  it('joins chunks, and waits for the last one', () => {
    const whole = 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n';
    expect(answer(whole)).toEqual({ status: 200, text: 'abcde', close: false });
    for (let cut = 0; cut < whole.length; cut++) expect(answer(whole.slice(0, cut))).toBeNull();
  });

  it('says when the server closes the connection after the answer', () => {
    expect(
      answer('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\ncontent-length: 0\r\n\r\n'),
    ).toEqual({ status: 503, text: '', close: true });
  });
});

describe('connectionPool', () => {
  /** @type {http.Server} */
  let server;
  let baseUrl = '';
  const connections = new Set();
  const seen = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        seen.push({ method: request.method, url: request.url, headers: request.headers, body });
        if (request.url === '/chunked') {
          response.write('é');
          setTimeout(() => response.end('!'), 5);
          return;
        }
        if (request.url === '/close') response.setHeader('connection', 'close');
        response.statusCode = request.url === '/missing' ? 404 : 200;
        response.end(JSON.stringify({ echo: body }));
      });
    });
    server.on('connection', (socket) => connections.add(socket));
    await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
    baseUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(() => resolve(undefined))));

  it('sends the method, path, headers and body, and answers one request after another on one connection', async () => {
    const pool = connectionPool(baseUrl);
    const before = connections.size;
    const first = await pool.request('POST', '/a?b=1', { cookie: 'k=v' }, Buffer.from('{"x":"é"}'));
    const second = await pool.request('GET', '/missing', {});
    expect(first.status).toBe(200);
    expect(JSON.parse(first.text)).toEqual({ echo: '{"x":"é"}' });
    expect(first.ms).toBeGreaterThan(0);
    expect(second.status).toBe(404);
    expect(seen.at(-2)).toMatchObject({ method: 'POST', url: '/a?b=1', headers: { cookie: 'k=v' } });
    expect(connections.size - before).toBe(1);
    pool.close();
  });

  it('opens a connection per request in flight, and reads chunked answers', async () => {
    const pool = connectionPool(baseUrl);
    const before = connections.size;
    const answers = await Promise.all([1, 2, 3].map(() => pool.request('GET', '/chunked', {})));
    expect(answers.map((a) => a.text)).toEqual(['é!', 'é!', 'é!']);
    expect(connections.size - before).toBe(3);
    pool.close();
  });

  it('does not reuse a connection the server said it closes', async () => {
    const pool = connectionPool(baseUrl);
    const before = connections.size;
    await pool.request('GET', '/close', {});
    await pool.request('GET', '/close', {});
    expect(connections.size - before).toBe(2);
    pool.close();
  });
});
