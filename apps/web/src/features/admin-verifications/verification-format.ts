import type { IdentityStatus } from '@candor/contracts/auth';

/** Seed §2: the Verifications tab says "Verified" or "Not Verified"; a pending or declined one says so. */
export const VERIFICATION_ROW_STATUS_LABELS = {
  verified: 'Verified',
  unverified: 'Not Verified',
  pending: 'Pending review',
  declined: 'Declined',
} as const satisfies Record<IdentityStatus, string>;

/** How long a submission has waited, in its two largest units: "45 s", "12 min", "3 h 5 min", "2 d 4 h". */
export function formatWaiting(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}
