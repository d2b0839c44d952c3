import { useSyncExternalStore } from 'react';
import type { ExternalToast } from 'sonner';

/**
 * Toasts, with the toast library loaded on first use: pages that never toast (the login page)
 * never download it. The toaster mounts once something has been said.
 */
let toasterWanted = false;
const listeners = new Set<() => void>();

function wantToaster(): void {
  if (toasterWanted) return;
  toasterWanted = true;
  for (const listener of listeners) listener();
}

function show(kind: 'success' | 'error', message: string, options?: ExternalToast): void {
  wantToaster();
  void import('sonner').then(({ toast }) => toast[kind](message, options));
}

export const notify = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
};

export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasterWanted,
  );
}
