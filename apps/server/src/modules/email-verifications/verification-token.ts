import { z } from 'zod';

/** What better-auth's signed verification token says: a change of e-mail names the new address. */
const TokenPayloadSchema = z.object({
  email: z.string(),
  updateTo: z.string().optional(),
  userId: z.string().optional(),
});
export type VerificationToken = z.infer<typeof TokenPayloadSchema>;

/**
 * The payload of a verification token, unchecked: read it only after better-auth has checked the
 * signature, or (as the mail that carries it) to know what the token is for.
 */
export function readVerificationToken(token: string): VerificationToken {
  const body = token.split('.')[1];
  if (!body) throw new Error('A verification token has no payload');
  return TokenPayloadSchema.parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
}
