import { z } from 'zod';
import { SignUpRequestSchema } from './auth.ts';

/** The first-run setup link's token: base64url, as the server prints it. */
const SetupTokenSchema = z.string().trim().min(1).max(200);

export const SetupStatusQuerySchema = z.object({ token: SetupTokenSchema });
export const SetupStatusSchema = z.object({ valid: z.boolean() }).meta({ id: 'SetupStatus' });
export type SetupStatus = z.infer<typeof SetupStatusSchema>;

/** Creates the owner account of a new installation, with the one-time token of the setup link. */
export const CreateOwnerRequestSchema = SignUpRequestSchema.extend({ token: SetupTokenSchema });
export type CreateOwnerRequest = z.infer<typeof CreateOwnerRequestSchema>;

export const SETUP_MESSAGES = {
  invalidLink: 'This setup link is not valid or has already been used.',
} as const;
