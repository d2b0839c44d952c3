import { createHash, generateKeyPairSync, type KeyObject, randomBytes, randomUUID, sign } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { passkeys } from '../db/schema/passkeys.ts';

/**
 * A software passkey (one ES256 credential), answering WebAuthn ceremonies the way a browser with
 * an authenticator does, so the server's passkey routes can be tested without a browser.
 */
export class SoftwarePasskey {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private counter = 0;

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  get id(): string {
    return this.credentialId.toString('base64url');
  }

  /** The public key as COSE (what the passkey table stores, in base64). */
  coseKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    const x = Buffer.from(jwk.x ?? '', 'base64url');
    const y = Buffer.from(jwk.y ?? '', 'base64url');
    // {1: 2 (EC2), 3: -7 (ES256), -1: 1 (P-256), -2: x, -3: y}
    return cborMap([
      [cborInt(1), cborInt(2)],
      [cborInt(3), cborInt(-7)],
      [cborInt(-1), cborInt(1)],
      [cborInt(-2), cborBytes(x)],
      [cborInt(-3), cborBytes(y)],
    ]);
  }

  /** The answer to registration options (navigator.credentials.create), attestation "none". */
  register(options: { challenge: string; rp: { id: string } }, origin: string) {
    const clientDataJSON = clientData('webauthn.create', options.challenge, origin);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      rpIdHash(options.rp.id),
      Buffer.from([0x45]), // user present, user verified, attested credential data
      counterBytes(this.counter),
      Buffer.alloc(16), // AAGUID
      idLength,
      this.credentialId,
      this.coseKey(),
    ]);
    const attestationObject = cborMap([
      [cborText('fmt'), cborText('none')],
      [cborText('attStmt'), cborMap([])],
      [cborText('authData'), cborBytes(authData)],
    ]);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        attestationObject: attestationObject.toString('base64url'),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** The answer to sign-in options (navigator.credentials.get), signed with this passkey's key. */
  authenticate(options: { challenge: string; rpId?: string }, origin: string) {
    this.counter += 1;
    const clientDataJSON = clientData('webauthn.get', options.challenge, origin);
    const authenticatorData = Buffer.concat([
      rpIdHash(options.rpId ?? new URL(origin).hostname),
      Buffer.from([0x05]), // user present, user verified
      counterBytes(this.counter),
    ]);
    const signed = Buffer.concat([authenticatorData, sha256(clientDataJSON)]);
    const signature = sign('sha256', signed, this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authenticatorData.toString('base64url'),
        signature: signature.toString('base64url'),
      },
      clientExtensionResults: {},
    };
  }

  /** Stores this passkey for the user directly, as a registration would have. */
  async insertFor(db: Db, userId: string, name = 'Test passkey'): Promise<string> {
    const id = randomUUID();
    await db.insert(passkeys).values({
      id,
      name,
      userId,
      publicKey: this.coseKey().toString('base64'),
      credentialID: this.id,
      counter: this.counter,
      deviceType: 'singleDevice',
      backedUp: false,
      transports: 'internal',
    });
    return id;
  }
}

function clientData(type: string, challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

function sha256(data: Buffer): Buffer {
  return createHash('sha256').update(data).digest();
}

function rpIdHash(rpId: string): Buffer {
  return sha256(Buffer.from(rpId));
}

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

// The little CBOR (RFC 8949) a COSE key and an attestation object need.
function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const head = Buffer.from([(major << 5) | 25, 0, 0]);
  head.writeUInt16BE(length, 1);
  return head;
}
function cborInt(value: number): Buffer {
  return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
}
function cborBytes(bytes: Buffer): Buffer {
  return Buffer.concat([cborHead(2, bytes.length), bytes]);
}
function cborText(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  return Buffer.concat([cborHead(3, bytes.length), bytes]);
}
function cborMap(entries: [Buffer, Buffer][]): Buffer {
  return Buffer.concat([cborHead(5, entries.length), ...entries.flat()]);
}
