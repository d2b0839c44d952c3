import http from 'node:http';

export type FakeS3Object = { body: Buffer; contentType: string };
export type FakeS3Request = { method: string; path: string; authorization: string | undefined };

export type FakeS3 = {
  endpoint: string;
  bucket: string;
  objects: Map<string, FakeS3Object>;
  requests: FakeS3Request[];
  close(): Promise<void>;
};

/**
 * A tiny S3-compatible server on 127.0.0.1 for tests: path-style PUT, GET and DELETE of objects in
 * one bucket, answering errors as S3 does (XML with a Code). It checks only that requests are signed.
 */
export async function startFakeS3(bucket = 'candor-test'): Promise<FakeS3> {
  const objects = new Map<string, FakeS3Object>();
  const requests: FakeS3Request[] = [];

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-s3');
    const path = decodeURIComponent(url.pathname);
    requests.push({ method: req.method ?? '', path, authorization: req.headers.authorization });
    const prefix = `/${bucket}/`;
    if (!req.headers.authorization?.startsWith('AWS4-HMAC-SHA256 ')) {
      return sendError(res, 403, 'AccessDenied', 'Requests must be signed');
    }
    if (!path.startsWith(prefix)) return sendError(res, 404, 'NoSuchBucket', 'The bucket does not exist');
    const key = path.slice(prefix.length);

    if (req.method === 'PUT') {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const contentType = req.headers['content-type'] ?? 'application/octet-stream';
        objects.set(key, { body: Buffer.concat(chunks), contentType });
        res.writeHead(200, { etag: '"fake"' }).end();
      });
      return;
    }
    if (req.method === 'GET') {
      const object = objects.get(key);
      if (!object) return sendError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
      res
        .writeHead(200, { 'content-type': object.contentType, 'content-length': object.body.length })
        .end(object.body);
      return;
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      res.writeHead(204).end();
      return;
    }
    sendError(res, 405, 'MethodNotAllowed', 'Not supported by the fake');
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the fake S3 server has no port');
  const { port } = address;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function sendError(res: http.ServerResponse, status: number, code: string, message: string): void {
  const body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;
  res.writeHead(status, { 'content-type': 'application/xml' }).end(body);
}
