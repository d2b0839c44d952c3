import { hasPermission, isStaffRole, type Permission } from '@candor/contracts/staff';
import { useMe } from './session.ts';

/**
 * Whether the signed-in person may do this (the permission table of contracts/staff.ts, the same
 * one the server enforces). The web only hides what the server would refuse anyway.
 */
export function useCan(permission: Permission): boolean {
  return hasPermission(useMe().role, permission);
}

/** Whether the signed-in person is on the staff (any staff role). */
export function useIsStaff(): boolean {
  return isStaffRole(useMe().role);
}

/** Who a link or shortcut is for: customers only or staff only; without `for`, everyone. */
export type Audience = 'customers' | 'staff';

/** The items the signed-in person is shown: those for everyone and those for their side (the menu, the account tiles). */
export function useShownItems<T extends { to: string; for?: Audience }>(items: readonly T[]): T[] {
  const side: Audience = useIsStaff() ? 'staff' : 'customers';
  return items.filter((item) => item.for === undefined || item.for === side);
}
