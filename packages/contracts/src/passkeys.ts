import { z } from 'zod';
import { readInvisibleAsEmpty } from './visible-text.ts';

/** How long a passkey's name may be (the customer names it when adding it on /account). */
export const PASSKEY_NAME_MAX_LENGTH = 60;

/** One of the customer's passkeys as /account lists it. */
export const PasskeySchema = z
  .object({
    id: z.string(),
    name: z.string().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'Passkey' });
export type Passkey = z.infer<typeof PasskeySchema>;

export const PasskeyListSchema = z.object({ items: z.array(PasskeySchema) }).meta({ id: 'PasskeyList' });
export type PasskeyList = z.infer<typeof PasskeyListSchema>;

export const PasskeyIdParamsSchema = z.object({ passkeyId: z.string().min(1).max(200) });

/**
 * WebAuthn options for the browser (PublicKeyCredentialCreationOptionsJSON or
 * PublicKeyCredentialRequestOptionsJSON): passed to the browser's passkey dialog as they are.
 */
export const PasskeyOptionsSchema = z
  .looseObject({ challenge: z.string() })
  .meta({ id: 'PasskeyOptions', description: 'WebAuthn options, as the browser API takes them (JSON form)' });
export type PasskeyOptions = z.infer<typeof PasskeyOptionsSchema>;

const base64url = z
  .string()
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]*$/, 'Must be base64url');

/** What the browser's passkey dialog answered (RegistrationResponseJSON or AuthenticationResponseJSON). */
export const PasskeyCredentialSchema = z
  .looseObject({
    id: base64url.min(1),
    rawId: base64url.min(1),
    type: z.literal('public-key'),
    response: z.looseObject({ clientDataJSON: base64url.min(1) }),
  })
  .meta({ id: 'PasskeyCredential', description: "The browser's WebAuthn answer (JSON form)" });
export type PasskeyCredential = z.infer<typeof PasskeyCredentialSchema>;

export const AddPasskeyRequestSchema = z
  .object({
    name: readInvisibleAsEmpty(
      z
        .string()
        .trim()
        .min(1, 'Name is required')
        .max(PASSKEY_NAME_MAX_LENGTH, `Name must be at most ${PASSKEY_NAME_MAX_LENGTH} characters`),
    ),
    credential: PasskeyCredentialSchema,
  })
  .meta({ id: 'AddPasskeyRequest' });
export type AddPasskeyRequest = z.infer<typeof AddPasskeyRequestSchema>;

export const PasskeySignInRequestSchema = z
  .object({ credential: PasskeyCredentialSchema })
  .meta({ id: 'PasskeySignInRequest' });
export type PasskeySignInRequest = z.infer<typeof PasskeySignInRequestSchema>;

/** What the screens say about passkeys. */
export const PASSKEY_MESSAGES = {
  added: 'Passkey added',
  deleted: 'Passkey deleted',
  notFound: 'Passkey not found',
  addFailed: 'The passkey could not be added. Please try again.',
  signInFailed: 'Passkey sign-in failed. Please try again or use your password.',
  signInAgain: 'For your security, please sign in again before adding a passkey.',
} as const;
