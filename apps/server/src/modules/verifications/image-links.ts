import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { VERIFICATION_IMAGE_LINK_SECONDS } from '@candor/contracts/verifications';
import type { FastifyRequest } from 'fastify';

/**
 * Short-lived links to ID images for staff: `/api/admin/verification-images/<fileId>?expires&signature`.
 * The signature (HMAC-SHA256 with an instance secret) covers the file, the reviewer's user id, a hash
 * of their session cookie and the expiry, so a link works only for that reviewer, in that session,
 * for at most VERIFICATION_IMAGE_LINK_SECONDS.
 */
export type ImageLinkSigner = {
  sign(input: { fileId: string; actorId: string; sessionKey: string; now: Date }): {
    url: string;
    expiresAt: Date;
  };
  /** 'ok', 'expired' (a genuine link past its time) or 'invalid' (forged, someone else's, another session). */
  check(input: {
    fileId: string;
    actorId: string;
    sessionKey: string;
    expires: number;
    signature: string;
    now: Date;
  }): 'ok' | 'expired' | 'invalid';
};

export function imageLinkPath(fileId: string): string {
  return `/api/admin/verification-images/${fileId}`;
}

export function createImageLinkSigner(secret: string): ImageLinkSigner {
  const mac = (fileId: string, actorId: string, sessionKey: string, expires: number) =>
    createHmac('sha256', secret)
      .update(`id-image:${fileId}:${actorId}:${sessionKey}:${expires}`)
      .digest('hex');
  return {
    sign({ fileId, actorId, sessionKey, now }) {
      const expires = Math.floor(now.getTime() / 1000) + VERIFICATION_IMAGE_LINK_SECONDS;
      const signature = mac(fileId, actorId, sessionKey, expires);
      return {
        url: `${imageLinkPath(fileId)}?expires=${expires}&signature=${signature}`,
        expiresAt: new Date(expires * 1000),
      };
    },
    check({ fileId, actorId, sessionKey, expires, signature, now }) {
      const expected = Buffer.from(mac(fileId, actorId, sessionKey, expires), 'hex');
      const given = Buffer.from(signature, 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      const nowSeconds = Math.floor(now.getTime() / 1000);
      // A link never lives longer than a minute, whatever expiry it carries.
      if (nowSeconds > expires || expires - nowSeconds > VERIFICATION_IMAGE_LINK_SECONDS) return 'expired';
      return 'ok';
    },
  };
}

/**
 * What ties a link to the signed-in session: a hash of the session cookie's value (the cookie whose
 * name ends in `session_token`, with or without the `__Secure-` prefix). Empty when there is none.
 */
export function sessionKeyOf(request: FastifyRequest): string {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (name.endsWith('session_token')) {
      return createHash('sha256')
        .update(part.slice(index + 1).trim())
        .digest('hex');
    }
  }
  return '';
}
