import {
  ConfirmTwoFactorRequestSchema,
  DisableTwoFactorRequestSchema,
  RegenerateRecoveryCodesRequestSchema,
  StartTwoFactorRequestSchema,
  TWO_FACTOR_CHANGE_LABELS,
  type TwoFactorSetup,
} from '@candor/contracts/two-factor';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { FormSubmitRow } from '../../components/ui/form-submit-row.tsx';
import { PasswordField, TextField } from '../../components/ui/text-field.tsx';
import { isApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/error-message.ts';
import { formatDateTime } from '../../lib/format-date.ts';
import { notify } from '../../lib/notify.ts';
import { useIsStaff } from '../../lib/permissions.ts';
import { queryClient } from '../../lib/query-client.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useMe } from '../../lib/session.ts';
import { useSiteSettings } from '../../lib/site-settings.ts';
import { bindFields, useZodForm } from '../../lib/use-zod-form.ts';
import {
  confirmTwoFactorSetup,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
  twoFactorStatusQuery,
} from './two-factor-api.ts';

/** The server's refusal of a password or a code, as the form says it. */
function failureOf(error: Error): string {
  if (isApiError(error, 'WRONG_PASSWORD')) return 'The password is incorrect.';
  return errorMessage(error);
}

/** The session's user changed (two-factor on or off, new codes): read it and the history again. */
async function refreshSession(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.session }),
    queryClient.invalidateQueries({ queryKey: queryKeys.twoFactor }),
  ]);
}

/**
 * Two-factor authentication on the account page: turning it on (password → QR code and secret →
 * a code → recovery codes shown once), new recovery codes, turning it off (password and a code).
 */
export function TwoFactorSection() {
  const me = useMe();
  const isStaff = useIsStaff();
  // Without e-mail, a forgotten password is reset with a link from the site's operator (019).
  const noEmail = useSiteSettings()?.emailDelivery === 'none';
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  return (
    <section
      id="two-factor"
      aria-labelledby="two-factor-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="two-factor-heading" className="text-lg font-semibold text-slate-900">
          Two-factor authentication
        </h2>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${
            me.twoFactorEnabled
              ? 'bg-emerald-50 text-emerald-700 ring-emerald-200'
              : 'bg-slate-50 text-slate-600 ring-slate-200'
          }`}
        >
          {me.twoFactorEnabled ? 'On' : 'Off'}
        </span>
      </div>
      <p className="mt-1 text-sm text-slate-500">
        A 6-digit code from an authenticator app (Google Authenticator, Authy, 1Password…) is asked at every
        {isStaff
          ? ' sign-in, so a stolen password alone is not enough. Staff open the back office only with it on.'
          : ' sign-in and every withdrawal request, so a stolen password alone is not enough.'}
      </p>
      {noEmail && !me.twoFactorEnabled ? (
        <p className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-800">
          E-mail is not set up on this site, so a forgotten password can only be reset with a link from the
          site's administrators. Please turn on two-factor authentication: with it on, such a link alone
          cannot open your account.
        </p>
      ) : null}

      <div className="mt-5 max-w-xl">
        {recoveryCodes ? (
          <RecoveryCodesPanel codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
        ) : setup ? (
          <ConfirmSetupForm
            setup={setup}
            onCancel={() => setSetup(null)}
            onConfirmed={(codes) => {
              setSetup(null);
              setRecoveryCodes(codes);
              void refreshSession();
            }}
          />
        ) : me.twoFactorEnabled ? (
          <div className="space-y-8">
            <RegenerateCodesForm
              onCodes={(codes) => {
                setRecoveryCodes(codes);
                void refreshSession();
              }}
            />
            <DisableForm />
          </div>
        ) : (
          <StartSetupForm onStarted={setSetup} />
        )}
      </div>
      <TwoFactorHistory />
    </section>
  );
}

/** The account's latest two-factor changes (its security history), newest first. */
function TwoFactorHistory() {
  const { data } = useQuery(twoFactorStatusQuery);
  if (!data || data.history.length === 0) return null;
  return (
    <div className="mt-6 border-t border-slate-100 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">Security history</h3>
      <ul aria-label="Two-factor history" className="mt-2 space-y-1 text-sm text-slate-600">
        {data.history.map((entry) => (
          <li key={`${entry.at}-${entry.change}`} className="flex flex-wrap justify-between gap-x-4">
            <span>{TWO_FACTOR_CHANGE_LABELS[entry.change]}</span>
            <span className="text-slate-500 tabular-nums">{formatDateTime(entry.at)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function StartSetupForm({ onStarted }: { onStarted: (setup: TwoFactorSetup) => void }) {
  const form = useZodForm(StartTwoFactorRequestSchema, { password: '' });
  const field = bindFields(form);
  const start = useMutation({
    mutationFn: startTwoFactorSetup,
    onSuccess: onStarted,
    onError: (error) => form.setError('password', { type: 'server', message: failureOf(error) }),
  });
  return (
    <form
      noValidate
      aria-label="Turn on two-factor authentication"
      onSubmit={form.handleSubmit((values) => start.mutate(values))}
      className="space-y-4"
    >
      <PasswordField label="Password" autoComplete="current-password" {...field('password')} />
      <FormSubmitRow busy={start.isPending} busyLabel="Checking...">
        Turn on two-factor
      </FormSubmitRow>
    </form>
  );
}

function ConfirmSetupForm({
  setup,
  onCancel,
  onConfirmed,
}: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onConfirmed: (codes: string[]) => void;
}) {
  const qr = useQrCode(setup.totpUri);
  const form = useZodForm(ConfirmTwoFactorRequestSchema, { code: '' });
  const field = bindFields(form);
  const confirm = useMutation({
    mutationFn: confirmTwoFactorSetup,
    onSuccess: ({ recoveryCodes }) => onConfirmed(recoveryCodes),
    onError: (error) => form.setError('code', { type: 'server', message: errorMessage(error) }),
  });
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Scan this QR code with your authenticator app, or type the secret key into it.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <div className="flex flex-wrap items-center gap-5">
        {qr ? (
          <img
            src={qr}
            alt="QR code for your authenticator app"
            width={176}
            height={176}
            className="rounded-lg border border-slate-200"
          />
        ) : (
          <div className="h-44 w-44 rounded-lg bg-slate-100" aria-hidden="true" />
        )}
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-700">Secret key</p>
          <code
            data-testid="two-factor-secret"
            className="mt-1 block break-all rounded bg-slate-50 px-2 py-1 font-mono text-sm text-slate-900"
          >
            {setup.secret}
          </code>
        </div>
      </div>
      <form
        noValidate
        aria-label="Confirm two-factor authentication"
        onSubmit={form.handleSubmit((values) => confirm.mutate(values))}
        className="space-y-4"
      >
        <TextField
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          {...field('code')}
        />
        <div className="flex flex-wrap items-center justify-end gap-3">
          <button
            type="button"
            onClick={onCancel}
            className="text-sm font-medium text-slate-600 hover:underline"
          >
            Cancel
          </button>
          <FormSubmitRow busy={confirm.isPending} busyLabel="Checking...">
            Confirm
          </FormSubmitRow>
        </div>
      </form>
    </div>
  );
}

/** The otpauth:// URI drawn as a QR code (a data: URL), once the QR library has loaded. */
function useQrCode(uri: string): string | null {
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then(({ toDataURL }) => toDataURL(uri, { margin: 1, width: 176, errorCorrectionLevel: 'M' }))
      .then((url) => {
        if (current) setDataUrl(url);
      });
    return () => {
      current = false;
    };
  }, [uri]);
  return dataUrl;
}

function RecoveryCodesPanel({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`;
  const copy = () =>
    navigator.clipboard
      .writeText(text)
      .then(() => notify.success('Recovery codes copied.'))
      .catch(() => notify.error('Copying failed: select the codes and copy them by hand.'));
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section className="space-y-4" aria-label="Recovery codes">
      <p className="text-sm font-medium text-slate-900">
        Save these recovery codes now: they are shown only once. Each one signs you in once if you lose your
        authenticator app.
      </p>
      <ul className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 font-mono text-sm text-slate-900">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-end gap-3">
        <button
          type="button"
          onClick={copy}
          className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          Copy
        </button>
        <button
          type="button"
          onClick={download}
          className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          Download
        </button>
        <button
          type="button"
          onClick={onDone}
          className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
        >
          I have saved them
        </button>
      </div>
    </section>
  );
}

function RegenerateCodesForm({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const form = useZodForm(RegenerateRecoveryCodesRequestSchema, { password: '' });
  const field = bindFields(form);
  const regenerate = useMutation({
    mutationFn: regenerateRecoveryCodes,
    onSuccess: ({ recoveryCodes }) => {
      form.reset();
      onCodes(recoveryCodes);
    },
    onError: (error) => form.setError('password', { type: 'server', message: failureOf(error) }),
  });
  return (
    <form
      noValidate
      aria-label="New recovery codes"
      onSubmit={form.handleSubmit((values) => regenerate.mutate(values))}
      className="space-y-4"
    >
      <h3 className="text-sm font-semibold text-slate-900">New recovery codes</h3>
      <p className="text-sm text-slate-500">The codes you saved before stop working.</p>
      <PasswordField label="Password" autoComplete="current-password" {...field('password')} />
      <FormSubmitRow busy={regenerate.isPending} busyLabel="Working...">
        Show new recovery codes
      </FormSubmitRow>
    </form>
  );
}

function DisableForm() {
  const isStaff = useIsStaff();
  const form = useZodForm(DisableTwoFactorRequestSchema, { password: '', code: '' });
  const field = bindFields(form);
  const disable = useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: async () => {
      form.reset();
      notify.success('Two-factor authentication is off.');
      await refreshSession();
      // Turning it off starts the 24-hour withdrawal wait: the pages that show it read it again;
      // the server mails a notice of it, so the header's unread count and Messages too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.withdrawalProtection }),
        queryClient.invalidateQueries({ queryKey: queryKeys.accountSecurity }),
        queryClient.invalidateQueries({ queryKey: queryKeys.messages.all }),
      ]);
    },
    onError: (error) => {
      if (isApiError(error, 'WRONG_PASSWORD')) {
        form.setError('password', { type: 'server', message: failureOf(error) });
      } else if (
        isApiError(error, 'INVALID_TWO_FACTOR_CODE') ||
        isApiError(error, 'TWO_FACTOR_CODE_REQUIRED')
      ) {
        form.setError('code', { type: 'server', message: error.message });
      } else {
        notify.error(errorMessage(error));
      }
    },
  });
  return (
    <form
      noValidate
      aria-label="Turn off two-factor authentication"
      onSubmit={form.handleSubmit((values) => disable.mutate(values))}
      className="space-y-4"
    >
      <h3 className="text-sm font-semibold text-slate-900">Turn off</h3>
      <p className="text-sm text-slate-500">
        {isStaff
          ? 'The back office stays closed to you until you turn it on again.'
          : 'For your protection, new withdrawals wait 24 hours after two-factor authentication is turned off.'}
      </p>
      <PasswordField label="Password" autoComplete="current-password" {...field('password')} />
      <TextField
        label="Authentication code"
        inputMode="numeric"
        autoComplete="one-time-code"
        {...field('code')}
      />
      <FormSubmitRow busy={disable.isPending} busyLabel="Turning off...">
        Turn off two-factor
      </FormSubmitRow>
    </form>
  );
}
