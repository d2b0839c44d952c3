import { UPLOAD_MESSAGES } from '@candor/contracts/files';
import { useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { PageHeader } from '../../components/ui/card.tsx';
import { FileField } from '../../components/ui/file-field.tsx';
import { FormSubmitRow } from '../../components/ui/form-submit-row.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { IMAGE_ACCEPT } from '../../lib/image-file.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useMe } from '../../lib/session.ts';
import { useDocumentBranding } from '../../lib/site-settings.ts';
import { useImageChoice } from '../../lib/use-image-choice.ts';
import { useObjectUrl } from '../../lib/use-object-url.ts';
import { useSharedMutation } from '../../lib/use-shared-mutation.ts';
import { uploadProfilePicture } from './account-api.ts';
import { ACCOUNT_MESSAGES } from './account-messages.ts';
import { Avatar, BackToAccount, FormPanel } from './account-parts.tsx';

export function ProfilePicturePage() {
  useDocumentBranding('Profile picture');
  const me = useMe();
  const queryClient = useQueryClient();
  const picture = useImageChoice();
  const { file, problem } = picture;
  const preview = useObjectUrl(file);
  // A double click submits twice before the busy button renders: the second press shares the first.
  const upload = useSharedMutation({
    mutationFn: uploadProfilePicture,
    onSuccess: async () => {
      notify.success(ACCOUNT_MESSAGES.uploadSucceeded);
      await queryClient.invalidateQueries({ queryKey: queryKeys.session });
      picture.clear();
    },
    onError: (error) => notify.error(ACCOUNT_MESSAGES.uploadFailed, { description: errorMessage(error) }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (picture.checking) return;
    if (!file) {
      picture.refuse(problem ?? UPLOAD_MESSAGES.required);
      return;
    }
    upload.mutate(file);
  };

  return (
    <div>
      <BackToAccount />
      <PageHeader title="Profile picture" description="Shown on your account and in the header." />
      <FormPanel>
        <form noValidate onSubmit={submit} className="space-y-5">
          <div className="flex items-center gap-5">
            {preview ? (
              <img
                src={preview}
                alt="Preview of your new avatar"
                onError={() => picture.refuse(UPLOAD_MESSAGES.unreadable)}
                className="h-24 w-24 shrink-0 rounded-full object-cover ring-4 ring-brand-100"
              />
            ) : (
              <Avatar fullname={me.fullname} pictureUrl={me.profileImageUrl} size="h-24 w-24 text-3xl" />
            )}
            <div className="min-w-0 text-sm">
              <p className="font-medium text-slate-900">{preview ? 'New picture' : 'Current picture'}</p>
              <p className="mt-1 text-slate-500">
                {preview ? 'Not saved yet: press Upload to use it.' : 'PNG, JPEG or WebP, up to 5 MB.'}
              </p>
            </div>
          </div>

          <FileField
            key={picture.inputKey}
            label="Choose a picture"
            accept={IMAGE_ACCEPT}
            error={problem}
            onFileChange={(chosen) => void picture.choose(chosen)}
          />

          <FormSubmitRow busy={upload.isPending} busyLabel="Uploading...">
            Upload
          </FormSubmitRow>
        </form>
      </FormPanel>
    </div>
  );
}
