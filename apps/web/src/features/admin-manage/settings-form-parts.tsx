import type { FormEventHandler, ReactNode } from 'react';
import { FormSubmitRow } from '../../components/ui/form-submit-row.tsx';

/**
 * A form of the Manage page's settings tabs: its sections, then Update (Updating... while `busy`).
 * `disabled` shows it read-only: nothing can be changed or sent.
 */
export function SettingsFormFrame({
  label,
  busy,
  disabled = false,
  onSubmit,
  children,
}: {
  label: string;
  busy: boolean;
  disabled?: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="max-w-2xl" aria-label={label}>
      <fieldset
        disabled={disabled}
        className="min-w-0 space-y-6 [&:disabled_input]:bg-slate-50 [&:disabled_input]:text-slate-600 [&:disabled_input]:shadow-none"
      >
        {children}
        <FormSubmitRow busy={busy} busyLabel="Updating..." minWidth="sm:min-w-32">
          Update
        </FormSubmitRow>
      </fieldset>
    </form>
  );
}

/** One section of a settings form: its title and what it is for, then its fields (laid out by `fieldsClassName`). */
export function SettingsSection({
  title,
  description,
  fieldsClassName,
  children,
}: {
  title: string;
  description: string;
  fieldsClassName: 'space-y-5' | 'grid gap-5 sm:grid-cols-2';
  children: ReactNode;
}) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 text-sm text-slate-500">{description}</p>
      <div className={`mt-5 ${fieldsClassName}`}>{children}</div>
    </section>
  );
}
