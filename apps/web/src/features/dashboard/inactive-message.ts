/** PRODUCT.md §2 (Dashboard): the seed's text, typo fixed. */
export const INACTIVE_MESSAGE =
  'Your account is currently inactive, please message any of our support agent to activate your account.';
