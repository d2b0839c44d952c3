import fc from 'fast-check';
import { hostileJsonText, hostileString, hostileValue, mutatedBody, wellFormed } from './hostile.ts';
import {
  arbitraryFromSchema,
  type FieldHints,
  type JsonSchema,
  type SchemaComponents,
} from './schema-arbitrary.ts';

/** The parts of an OpenAPI 3 document that describe requests. */
export type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: SchemaComponents };
};
type OpenApiParameter = {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
};
type OpenApiOperation = {
  summary?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
};

export type Parameter = { name: string; required: boolean; schema: JsonSchema };

/** One route of the document, as the fuzzer calls it. */
export type Operation = {
  method: string;
  /** The OpenAPI path, with `{name}` for path parameters. */
  path: string;
  pathParams: Parameter[];
  queryParams: Parameter[];
  headerParams: Parameter[];
  /** The JSON body's schema, when the route reads one. */
  body: JsonSchema | undefined;
};

export function listOperations(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const params = (where: OpenApiParameter['in']) =>
        (operation.parameters ?? [])
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema ?? {} }));
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: params('path'),
        queryParams: params('query'),
        headerParams: params('header'),
        body: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return operations;
}

/** A request as app.inject takes it, with a word on what kind of body it carries (for failure reports). */
export type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  bodyKind: string;
  /** A broken Cookie header sent instead of the caller's session, now and then. */
  cookie?: string;
};

/** Cookie headers that the session reader and better-auth must survive. */
const hostileCookie: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    'candor.session_token=%',
    'candor.session_token=%E0%A4%A',
    'candor.session_token=%ED%A0%80',
    'candor.session_token=abc.def',
    'candor.session_token=.',
    'candor.session_token=""',
    `candor.session_token=${'a'.repeat(5_000)}.${'b'.repeat(44)}`,
    'candor.session_token=a; candor.session_token=b',
    '=;;; ;=',
    'candor.session_token',
    'candor.session_data=%7B%22x%22%3A1%7D; candor.session_token=x.y',
  ),
  hostileString.map((text) => `candor.session_token=${toHeaderText(text)}`),
);

/**
 * Real values the fuzzer mixes into requests, so that they reach real records: ids by the resource
 * a path names (`users`, `deposits`, `sessions`, …), instrument symbols and customers' e-mails.
 */
export type KnownValues = {
  ids: Record<string, readonly string[]>;
  symbols: readonly string[];
  emails: readonly string[];
};

const ADDRESSES = [
  'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
] as const;

/** Likely values for fields by their name (see FieldHints). */
function fieldHints(known: KnownValues): FieldHints {
  const decimal = fc.oneof(
    fc.constantFrom('1', '20', '100', '0.01', '2500.50', '999999999', '0'),
    fc
      .tuple(fc.nat({ max: 5_000 }), fc.nat({ max: 99 }))
      .map(([w, c]) => `${w}.${String(c).padStart(2, '0')}`),
  );
  const oneOf = (values: readonly string[]) =>
    values.length > 0 ? fc.constantFrom(...values) : fc.constant('');
  const password = fc.constantFrom('correct-horse-battery', 'password-0123456789');
  const address = fc.constantFrom(...ADDRESSES);
  return {
    amount: decimal,
    lotSize: fc.constantFrom('0.01', '0.1', '1', '2.5'),
    openPrice: decimal,
    closePrice: decimal,
    minWithdrawal: decimal,
    withdrawalPercent: fc.constantFrom('0', '2.5', '100'),
    fourEyesThreshold: decimal,
    symbol: oneOf(known.symbols),
    email: oneOf(known.emails),
    reason: fc.constantFrom('Checked with the customer by phone', 'Duplicate'),
    password,
    currentPassword: password,
    newPassword: password,
    userId: oneOf(known.ids.users ?? []),
    quoteId: oneOf(known.ids.quotes ?? []),
    proofFileId: oneOf(known.ids.files ?? []),
    address,
    bitcoin: address,
    ethereum: address,
    usdt: address,
  };
}

/** Files for the multipart bodies: a real image, so that upload routes are reached with one. */
export type Samples = { png: Buffer };

/** Every way a request to `operation` can be made, valid and otherwise. */
export function requestArbitrary(
  operation: Operation,
  components: SchemaComponents,
  known: KnownValues,
  samples: Samples,
): fc.Arbitrary<FuzzRequest> {
  const hints = fieldHints(known);
  const path = fc
    .tuple(...operation.pathParams.map((p) => pathSegment(p, operation.path, components, known)))
    .map((segments) =>
      operation.pathParams.reduce(
        (url, p, i) => url.replace(`{${p.name}}`, segments[i] ?? ''),
        operation.path,
      ),
    );
  // Half the queries are valid throughout, so that routes with many parameters are reached at all.
  const validQuery = fc.tuple(...operation.queryParams.map((p) => validQueryPart(p, components, hints)));
  const hostileQuery = fc.tuple(
    ...operation.queryParams.map((p) => queryPart(p, components, hints)),
    fc.option(
      fc.tuple(hostileString, hostileString).map(([k, v]) => `${encodeText(k)}=${encodeText(v)}`),
      { freq: 4, nil: '' },
    ),
  );
  const query = fc
    .oneof(validQuery, hostileQuery)
    .map((parts: string[]) => parts.filter((part) => part !== '').join('&'));
  const headers = fc.tuple(...operation.headerParams.map((p) => headerValue(p, components))).map((values) => {
    const result: Record<string, string> = {};
    operation.headerParams.forEach((p, i) => {
      const value = values[i];
      if (value !== undefined) result[p.name] = value;
    });
    return result;
  });
  const body = operation.body ? jsonBody(operation.body, components, hints) : otherBody(samples);
  const cookie = fc.option(hostileCookie, { freq: 8, nil: undefined });
  return fc.tuple(path, query, headers, body, cookie).map(([p, q, h, b, c]) => ({
    method: operation.method,
    url: q ? `${p}?${q}` : p,
    headers: { ...h, ...b.headers },
    ...(b.payload !== undefined ? { payload: b.payload } : {}),
    bodyKind: b.kind,
    ...(c !== undefined ? { cookie: c } : {}),
  }));
}

/**
 * Percent-encodes text for a URL; a lone surrogate (which cannot be encoded) becomes invalid UTF-8.
 * At most 2,000 characters are taken: over a real connection Node refuses a request head longer
 * than 16 KB before the app sees it, so longer URLs test nothing of ours (bodies carry the 100k ones).
 */
export function encodeText(text: string): string {
  const head = text.slice(0, 2_000);
  try {
    return encodeURIComponent(head);
  } catch {
    return `${encodeURIComponent(wellFormed(head))}%ED%A0%80`;
  }
}

/** Path segments that are written into the URL as they are: traversal, NUL, broken escapes, huge. */
const RAW_SEGMENTS = [
  '..',
  '../..',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e',
  '%00',
  'a%00b',
  '%',
  '%zz',
  '%ED%A0%80',
  '%C0%AF',
  '%FF',
  '.',
  'x'.repeat(101),
  '9'.repeat(5_000),
  '-1',
  '0',
  '00000000-0000-0000-0000-000000000000',
  'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF',
] as const;

/** The resource a path parameter names: `users` in `/api/admin/users/{id}`. */
function resourceOf(path: string, param: string): string {
  const segments = path.split('/');
  return segments[segments.indexOf(`{${param}}`) - 1] ?? '';
}

function pathSegment(
  param: Parameter,
  path: string,
  components: SchemaComponents,
  known: KnownValues,
): fc.Arbitrary<string> {
  const real =
    param.name === 'symbol'
      ? known.symbols
      : (known.ids[resourceOf(path, param.name)] ?? Object.values(known.ids).flat());
  return fc.oneof(
    { weight: 3, arbitrary: arbitraryFromSchema(param.schema, components).map((v) => encodeText(String(v))) },
    { weight: real.length > 0 ? 4 : 0, arbitrary: fc.constantFrom(...(real.length > 0 ? real : [''])) },
    { weight: 2, arbitrary: hostileString.map(encodeText) },
    { weight: 2, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
  );
}

function validQueryPart(
  param: Parameter,
  components: SchemaComponents,
  hints: FieldHints,
): fc.Arbitrary<string> {
  const valid = arbitraryFromSchema(param.schema, components, hints).map(
    (v) => `${encodeText(param.name)}=${encodeText(String(v))}`,
  );
  return param.required ? valid : fc.oneof(fc.constant(''), valid);
}

function queryPart(param: Parameter, components: SchemaComponents, hints: FieldHints): fc.Arbitrary<string> {
  const key = encodeText(param.name);
  const valid = arbitraryFromSchema(param.schema, components, hints).map((v) => String(v));
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant('') },
    { weight: 4, arbitrary: valid.map((v) => `${key}=${encodeText(v)}`) },
    { weight: 3, arbitrary: hostileString.map((v) => `${key}=${encodeText(v)}`) },
    // The same key twice: the query parser hands the route an array.
    {
      weight: 1,
      arbitrary: fc.tuple(valid, valid).map(([a, b]) => `${key}=${encodeText(a)}&${key}=${encodeText(b)}`),
    },
    // Brackets: some parsers build objects from them.
    { weight: 1, arbitrary: valid.map((v) => `${key}[a]=${encodeText(v)}&${key}[]=1`) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(key, `${key}=`, `${key}=%`, `${key}=%00`, `${key}=1e309`, `${key}=-0`),
    },
  );
}

function headerValue(param: Parameter, components: SchemaComponents): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(undefined) },
    {
      weight: 3,
      arbitrary: arbitraryFromSchema(param.schema, components).map((v) => toHeaderText(String(v))),
    },
    { weight: 2, arbitrary: hostileString.map(toHeaderText) },
  );
}

/** Header values travel as Latin-1 without line breaks: anything else cannot be sent at all. */
function toHeaderText(text: string): string {
  return text.replace(/[^\x20-\x7e]/g, '?').slice(0, 8_000);
}

type Body = { kind: string; headers: Record<string, string>; payload?: string | Buffer };

const json = (kind: string, value: unknown): Body => ({
  kind,
  headers: { 'content-type': 'application/json' },
  payload: JSON.stringify(value) ?? 'null',
});

/** Bodies for a route that reads JSON: valid, made wrong, broken, or sent as something else. */
function jsonBody(schema: JsonSchema, components: SchemaComponents, hints: FieldHints): fc.Arbitrary<Body> {
  const valid = arbitraryFromSchema(schema, components, hints);
  return fc.oneof(
    { weight: 5, arbitrary: valid.map((v) => json('valid JSON', v)) },
    { weight: 5, arbitrary: mutatedBody(valid).map((v) => json('mutated JSON', v)) },
    { weight: 2, arbitrary: hostileValue.map((v) => json('hostile JSON value', v)) },
    {
      weight: 2,
      arbitrary: hostileJsonText.map((text) => ({
        kind: 'broken JSON',
        headers: { 'content-type': 'application/json' },
        payload: text,
      })),
    },
    { weight: 3, arbitrary: fc.tuple(valid, wrongContentType).map(([v, make]) => make(v)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Body>(
        { kind: 'no body', headers: {} },
        { kind: 'no body, JSON type', headers: { 'content-type': 'application/json' } },
      ),
    },
  );
}

/** The same content under a type the route does not read. */
const wrongContentType: fc.Arbitrary<(value: unknown) => Body> = fc.constantFrom(
  (value: unknown) => ({
    kind: 'text/plain',
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify(value),
  }),
  (value: unknown) => ({
    kind: 'form-urlencoded',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(flatten(value)).toString(),
  }),
  (value: unknown) => ({ ...multipartFields(flatten(value)), kind: 'multipart without a file' }),
  (value: unknown) => ({
    kind: 'JSON as UTF-16',
    headers: { 'content-type': 'application/json; charset=utf-16' },
    payload: Buffer.from(JSON.stringify(value), 'utf16le'),
  }),
  (value: unknown) => ({
    kind: 'XML',
    headers: { 'content-type': 'application/xml' },
    payload: `<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;${JSON.stringify(value)}</a>`,
  }),
  (value: unknown) => ({ kind: 'no content type', headers: {}, payload: JSON.stringify(value) }),
  (value: unknown) => ({
    kind: 'made-up content type',
    headers: { 'content-type': 'application/x-candor; charset=\u00ff' },
    payload: JSON.stringify(value),
  }),
);

/** Bodies for a route that reads none, or a multipart upload. */
function otherBody(samples: Samples): fc.Arbitrary<Body> {
  return fc.oneof(
    { weight: 5, arbitrary: fc.constant<Body>({ kind: 'no body', headers: {} }) },
    { weight: 4, arbitrary: multipartFile(samples) },
    { weight: 1, arbitrary: hostileValue.map((v) => json('hostile JSON value', v)) },
    {
      weight: 1,
      arbitrary: hostileJsonText.map((text) => ({
        kind: 'broken JSON',
        headers: { 'content-type': 'application/json' },
        payload: text,
      })),
    },
    {
      weight: 1,
      arbitrary: hostileString.map((text) => ({
        kind: 'text/plain',
        headers: { 'content-type': 'text/plain' },
        payload: text,
      })),
    },
  );
}

/** Uploads: a real image, and every way a multipart body goes wrong. */
function multipartFile(samples: Samples): fc.Arbitrary<Body> {
  const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>');
  const parts: fc.Arbitrary<Body> = fc
    .record({
      field: fc.constantFrom('file', 'file', 'image', ''),
      filename: fc.oneof(
        fc.constantFrom('photo.png', '../../etc/passwd', 'a\u0000.png', 'x.svg', '', '😀.jpg'),
        hostileString.map(toHeaderText),
      ),
      contentType: fc.constantFrom('image/png', 'image/svg+xml', 'text/html', 'application/octet-stream', ''),
      data: fc.oneof(
        fc.constant(samples.png),
        fc.constant(samples.png.subarray(0, 40)),
        fc.constant(Buffer.concat([samples.png, html])),
        fc.constant(html),
        fc.constant(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
        fc.constant(Buffer.alloc(0)),
        fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
      ),
      extraFile: fc.boolean(),
    })
    .map(({ field, filename, contentType, data, extraFile }) => {
      const boundary = 'fuzzboundary7MA4YWxkTrZu0gW';
      const part = (name: string) =>
        Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\n` +
              `Content-Type: ${contentType}\r\n\r\n`,
            'latin1',
          ),
          data,
          Buffer.from('\r\n'),
        ]);
      const payload = Buffer.concat([
        part(field),
        ...(extraFile ? [part('file')] : []),
        Buffer.from(`--${boundary}--\r\n`),
      ]);
      return {
        kind: `multipart file (${data.length} bytes as ${contentType || 'no type'})`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      };
    });
  const broken = fc.constantFrom<Body>(
    {
      kind: 'multipart without boundary',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'abc',
    },
    {
      kind: 'multipart cut short',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    },
    {
      kind: 'multipart with no parts',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz--\r\n',
    },
    {
      kind: 'multipart, empty body',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '',
    },
    { ...multipartFields({ file: 'not a file' }), kind: 'multipart field instead of a file' },
  );
  return fc.oneof({ weight: 3, arbitrary: parts }, { weight: 2, arbitrary: broken });
}

function multipartFields(fields: Record<string, string>): Body {
  const boundary = 'fuzzfields9KxQ';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const text = `${parts.join('')}--${boundary}--\r\n`;
  return {
    kind: 'multipart fields',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.from(wellFormed(text)),
  };
}

/** An object's fields as strings (nested values as JSON), for form encodings. */
function flatten(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return { value: String(value) };
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      typeof v === 'string' ? wellFormed(v) : (JSON.stringify(v) ?? ''),
    ]),
  );
}
