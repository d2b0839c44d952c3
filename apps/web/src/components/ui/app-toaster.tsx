import { Toaster } from 'sonner';
import { useAnyDialogOpen } from '../../lib/open-dialogs.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';

/** Below Tailwind's `sm` (640 px) a Dialog opens as a sheet at the foot of the screen (dialog.tsx). */
export const SHEET_SCREEN_QUERY = '(max-width: 639.98px)';

/**
 * The app's toaster. At the foot of the screen, so a toast covers no heading, tab, menu or
 * navigation (full width on a phone); but on a phone, while a dialog is open as a bottom sheet, at
 * the top, over the dimmed page, so a toast (an error said while the sheet stays open) does not
 * hide the sheet's buttons. On a wider screen the dialog is centred and the toasts stay bottom right.
 */
export function AppToaster() {
  const dialogOpen = useAnyDialogOpen();
  const phone = useMediaQuery(SHEET_SCREEN_QUERY);
  return <Toaster position={dialogOpen && phone ? 'top-center' : 'bottom-right'} richColors closeButton />;
}
