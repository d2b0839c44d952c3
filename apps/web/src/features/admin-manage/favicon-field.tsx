import { FileField } from '../../components/ui/file-field.tsx';
import { IMAGE_ACCEPT } from '../../lib/image-file.ts';
import { useObjectUrl } from '../../lib/use-object-url.ts';

/** The favicon's current image beside the file input; a chosen file previews in its place. */
export function FaviconField({
  currentUrl,
  file,
  error,
  inputKey,
  onFileChange,
}: {
  currentUrl: string | null;
  file: File | null;
  error: string | null;
  inputKey: number;
  onFileChange: (file: File | null) => void;
}) {
  const preview = useObjectUrl(file);
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
      <figure className="flex shrink-0 items-center gap-3 sm:w-40 sm:flex-col sm:items-start sm:gap-2">
        <div className="flex h-16 w-16 items-center justify-center rounded-xl border border-slate-200 bg-slate-50 p-2">
          <img
            src={preview ?? currentUrl ?? '/favicon.svg'}
            alt={preview ? 'Preview of the new favicon' : 'Current favicon'}
            className="h-full w-full object-contain"
          />
        </div>
        <figcaption className="text-xs text-slate-500">
          {preview ? 'New favicon (not saved yet)' : currentUrl ? 'Current favicon' : 'Default favicon'}
        </figcaption>
      </figure>
      <FileField
        key={inputKey}
        className="min-w-0 flex-1"
        label="Favicon"
        accept={IMAGE_ACCEPT}
        hint="PNG, JPEG or WebP, up to 5 MB. Shown as the logo and in the browser tab."
        error={error}
        onFileChange={onFileChange}
      />
    </div>
  );
}
