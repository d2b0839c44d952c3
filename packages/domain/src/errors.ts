/**
 * The error codes the domain's rules answer with. Each one is also an API error code: the
 * contracts' ERROR_CODES start with these, so the server's status table must cover them.
 */
export const DOMAIN_ERROR_CODES = [
  'VALIDATION_FAILED',
  'INSUFFICIENT_FUNDS',
  'BELOW_MINIMUM_WITHDRAWAL',
  'ALREADY_DECIDED',
  'INVALID_TRANSITION',
] as const;

export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

/** An expected failure of a rule, in words a person can read. */
export type DomainError<C extends DomainErrorCode = DomainErrorCode> = { code: C; message: string };
