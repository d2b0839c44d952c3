import { z } from 'zod';

/** Every machine-readable error the API can answer with. The server maps each to one HTTP status. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'USER_NOT_FOUND',
  'CONFLICT',
  'USERNAME_TAKEN',
  'EMAIL_TAKEN',
  'INVALID_CREDENTIALS',
  'WRONG_PASSWORD',
  'TOO_MANY_ATTEMPTS',
  'RATE_LIMITED',
  'FILE_REQUIRED',
  'FILE_TOO_LARGE',
  'UNSUPPORTED_FILE_TYPE',
  'INVALID_TOKEN',
  'ACCOUNT_INACTIVE',
  'ACCOUNT_CLOSED',
  'INTERNAL',
] as const;

export const ErrorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const ErrorResponseSchema = z
  .object({ code: ErrorCodeSchema, message: z.string() })
  .meta({ id: 'ErrorResponse', description: 'Every error the API returns' });
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
