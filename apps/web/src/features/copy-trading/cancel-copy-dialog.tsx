import { COPY_TRADING_MESSAGES } from '@candor/contracts/copy-trading';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ConfirmButtons, Dialog } from '../../components/ui/dialog.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { notify } from '../../lib/notify.ts';
import { cancelCopying, copyKeys } from './copy-trading-api.ts';

/**
 * Asks before Cancel stops copying a trader (seed §2 Copy Expert's Cancel; PRODUCT §2: future trades
 * are no longer copied, open copied trades stay open). The shared buttons: the second click of the
 * double click that opened it confirms nothing.
 */
export function CancelCopyDialog({
  trader,
  onClose,
}: {
  trader: { id: string; displayName: string };
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelCopying(trader.id),
    onSuccess: (answer) => {
      notify.success(answer.message);
      onClose();
    },
    onError: (error) => {
      notify.error(errorMessage(error));
      onClose();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: copyKeys.all }),
  });
  return (
    <Dialog title="Cancel copying" busy={cancel.isPending} onCancel={onClose}>
      <p className="mt-1 text-sm text-slate-600">
        {COPY_TRADING_MESSAGES.cancelQuestion(trader.displayName)}
      </p>
      <ConfirmButtons
        className="mt-5"
        busy={cancel.isPending}
        onCancel={onClose}
        onConfirm={() => cancel.mutate()}
        confirmLabel="Cancel copying"
        busyLabel="Canceling..."
        variant="danger"
        dismissLabel="Keep copying"
      />
    </Dialog>
  );
}
