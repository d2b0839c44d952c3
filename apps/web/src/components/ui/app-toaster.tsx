import { Toaster } from 'sonner';
import { useMediaQuery } from '../../lib/use-media-query.ts';

/** Below Tailwind's `sm` (640 px) a Dialog opens as a sheet at the foot of the screen (dialog.tsx). */
export const SHEET_SCREEN_QUERY = '(max-width: 639.98px)';

/** Where a phone's toasts stand: under the app's sticky header (`h-16`, 64 px), with a gap of 8 px. */
export const PHONE_TOAST_TOP = 72;

/**
 * The app's toaster. On a wider screen, bottom right, where a toast covers no heading, tab or menu
 * (a dialog is centred there). On a phone, at the top, under the header (its menu and notifications
 * stay free): at the foot of the screen a full-width toast covered what a phone's thumb goes to
 * next, a bottom sheet's buttons or the Close of the trade just placed, for its four seconds.
 */
export function AppToaster() {
  const phone = useMediaQuery(SHEET_SCREEN_QUERY);
  return (
    <Toaster
      position={phone ? 'top-center' : 'bottom-right'}
      // Sonner's own phone layout starts at 600 px, below this app's (640 px): both keep the header free.
      offset={phone ? { top: PHONE_TOAST_TOP } : undefined}
      mobileOffset={{ top: PHONE_TOAST_TOP }}
      richColors
      closeButton
    />
  );
}
