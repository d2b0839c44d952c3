import { useEffect, useSyncExternalStore } from 'react';

/** How many dialogs are open now: the toaster moves out of a bottom sheet's way (app-toaster.tsx). */
let openDialogs = 0;
const listeners = new Set<() => void>();

function tell(): void {
  for (const listener of listeners) listener();
}

/** Counts the calling dialog as open while it is mounted. */
export function useCountedAsOpenDialog(): void {
  useEffect(() => {
    openDialogs += 1;
    tell();
    return () => {
      openDialogs -= 1;
      tell();
    };
  }, []);
}

/** Whether any dialog is open. */
export function useAnyDialogOpen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => openDialogs > 0,
    () => false,
  );
}
