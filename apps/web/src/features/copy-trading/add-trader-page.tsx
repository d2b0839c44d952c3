import { COPY_TRADING_MESSAGES, CreateStrategyProviderRequestSchema } from '@candor/contracts/copy-trading';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { z } from 'zod';
import { BackLink } from '../../components/ui/back-link.tsx';
import { Card, PageHeader } from '../../components/ui/card.tsx';
import { AmountField, DecimalField } from '../../components/ui/decimal-field.tsx';
import { FileField } from '../../components/ui/file-field.tsx';
import { FormSubmitRow } from '../../components/ui/form-submit-row.tsx';
import { RoleNotAllowed } from '../../components/ui/role-not-allowed.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { findImageProblem, IMAGE_ACCEPT } from '../../lib/image-file.ts';
import { notify } from '../../lib/notify.ts';
import { useCan } from '../../lib/permissions.ts';
import { useDocumentBranding } from '../../lib/site-settings.ts';
import { bindFields, useZodForm } from '../../lib/use-zod-form.ts';
import { copyKeys, createTrader, uploadTraderImage } from './copy-trading-api.ts';

const FormSchema = CreateStrategyProviderRequestSchema.omit({ imageFileId: true });

/**
 * /add-trader (seed §2 Add trader form, without Return Rate and Followers, which are computed): an
 * existing customer account by e-mail, display name, profile image, minimum balance and profit share.
 */
export function AddTraderPage() {
  useDocumentBranding('Add trader');
  const canManage = useCan('copytrading.manage');
  return (
    <div className="mx-auto max-w-2xl">
      <BackLink to="/copy-trader" label="Copy Expert" className="mb-4" />
      <PageHeader
        title="Add trader"
        description={
          canManage
            ? 'Make an existing customer account a strategy provider. The customer is told by e-mail and can accept or decline; nobody can copy them before they accept. Return rate and followers are computed, never typed.'
            : undefined
        }
      />
      {canManage ? <AddTraderForm /> : <RoleNotAllowed permission="copytrading.manage" doing="add traders" />}
    </div>
  );
}

function AddTraderForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useZodForm(FormSchema, { email: '', displayName: '', minimumBalance: '', profitShare: '' });
  const field = bindFields(form);
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: async ({ values, file }: { values: z.output<typeof FormSchema>; file: File }) => {
      const uploaded = await uploadTraderImage(file);
      return createTrader({ ...values, imageFileId: uploaded.fileId });
    },
    onSuccess: () => {
      notify.success(COPY_TRADING_MESSAGES.created);
      void queryClient.invalidateQueries({ queryKey: copyKeys.all });
      void navigate({ to: '/copy-trader' });
    },
    onError: (error) => {
      notify.error(COPY_TRADING_MESSAGES.createFailed);
      setFailure(errorMessage(error));
    },
  });

  const checkImage = (file: File | null): string | null => {
    if (!file) return COPY_TRADING_MESSAGES.imageRequired;
    return findImageProblem(file);
  };

  return (
    <Card className="p-5 sm:p-6">
      <form
        noValidate
        className="space-y-5"
        onSubmit={(event) => {
          const problem = checkImage(image);
          setImageError(problem);
          void form.handleSubmit((values) => {
            if (problem || !image) return;
            setFailure(null);
            mutation.mutate({ values, file: image });
          })(event);
        }}
      >
        <TextField
          label="Customer e-mail"
          type="email"
          autoComplete="off"
          hint="The e-mail address of the customer's account."
          {...field('email')}
        />
        {/* No maxLength: the browser would cut a longer paste without a word; the schema says it is too long. */}
        <TextField label="Name" hint="Shown on the trader's card." {...field('displayName')} />
        <div className="grid gap-5 sm:grid-cols-2">
          <AmountField
            label="Minimum Balance"
            hint="In US dollars; not deducted from followers."
            {...field('minimumBalance')}
          />
          <DecimalField
            label="Profit Share"
            hint="Percent of followers' profit above their previous best, 0–50."
            {...field('profitShare')}
          />
        </div>
        <FileField
          label="Profile Image"
          accept={IMAGE_ACCEPT}
          hint="PNG, JPEG or WebP, up to 5 MB."
          error={imageError}
          onFileChange={(file) => {
            setImage(file);
            if (imageError) setImageError(checkImage(file));
          }}
        />
        {failure ? (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-700">
            {failure}
          </p>
        ) : null}
        <FormSubmitRow busy={mutation.isPending} busyLabel="Adding..." minWidth="sm:min-w-40">
          ADD TRADER
        </FormSubmitRow>
      </form>
    </Card>
  );
}
