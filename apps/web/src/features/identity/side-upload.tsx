import { VERIFICATION_MESSAGES, type VerificationImage } from '@candor/contracts/verifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { FileField } from '../../components/ui/file-field.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { findImageProblem, IMAGE_ACCEPT } from '../../lib/image-file.ts';
import { notify } from '../../lib/notify.ts';
import { useObjectUrl } from '../../lib/use-object-url.ts';
import { uploadIdImage } from './identity-api.ts';

/**
 * One side of the document: choosing an image uploads it at once (privately), with a preview and
 * the upload's progress; `onStored` gets the stored image, or null while there is none.
 */
export function SideUpload({
  label,
  highlight,
  kept,
  onStored,
}: {
  /** "Front of the document", "Back of the document". */
  label: string;
  /** Why this side is asked for again (a reviewer's request), shown above the field. */
  highlight?: string;
  /** The image of the last submission this side keeps (a reviewer asked for the other side only). */
  kept?: { url: string | null };
  onStored: (image: VerificationImage | null) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const preview = useObjectUrl(file);
  const upload = useMutation({
    mutationFn: (chosen: File) => uploadIdImage(chosen, setProgress),
    onSuccess: (image) => {
      onStored(image);
      // Named by its side: the front's and the back's toasts would otherwise read as one shown twice.
      notify.success(VERIFICATION_MESSAGES.uploadSuccessful, { description: label });
    },
    onError: (error) => {
      onStored(null);
      // The server read the file and refused it (not an image, whatever its name says): no preview of it.
      setFile(null);
      setProblem(errorMessage(error));
      notify.error(VERIFICATION_MESSAGES.uploadFailed, { description: errorMessage(error) });
    },
  });

  const choose = (chosen: File | null) => {
    onStored(null);
    setProgress(0);
    upload.reset();
    const found = chosen ? findImageProblem(chosen) : null;
    setProblem(found);
    setFile(found ? null : chosen);
    if (chosen && !found) upload.mutate(chosen);
  };
  const percent = Math.round(progress * 100);

  return (
    <div className="min-w-0 rounded-lg border border-slate-200 p-4">
      {highlight ? (
        <p role="note" className="mb-3 rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          {highlight}
        </p>
      ) : null}
      <FileField
        label={label}
        accept={IMAGE_ACCEPT}
        hint="PNG, JPEG or WebP, up to 5 MB."
        error={problem}
        onFileChange={choose}
        disabled={upload.isPending}
      />
      <div className="mt-3 flex h-40 items-center justify-center overflow-hidden rounded-md bg-slate-50">
        {preview ? (
          <img src={preview} alt={`Preview: ${label}`} className="max-h-full max-w-full object-contain" />
        ) : kept?.url ? (
          <img src={kept.url} alt={`Kept: ${label}`} className="max-h-full max-w-full object-contain" />
        ) : (
          <span className="text-xs text-slate-500">No image chosen</span>
        )}
      </div>
      {upload.isPending ? (
        <div className="mt-3">
          <div
            role="progressbar"
            aria-label={`Uploading ${label}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-2 overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
          </div>
          <p className="mt-1 text-xs text-slate-500 tabular-nums">Uploading... {percent}%</p>
        </div>
      ) : upload.isSuccess ? (
        <p className="mt-3 text-xs font-medium text-emerald-700">Uploaded</p>
      ) : kept && !file ? (
        <p className="mt-3 text-xs text-slate-500">
          Kept from your last submission. Choose an image to replace it.
        </p>
      ) : null}
    </div>
  );
}
