import { type FormEvent, useCallback, useRef, useState } from 'react';
import type { z } from 'zod';

type Errors = Record<string, string | undefined>;

/** The first message of each field, as react-hook-form's zod resolver reports them. */
function firstMessages(error: z.ZodError): Errors {
  const errors: Errors = {};
  for (const issue of error.issues) {
    const name = issue.path.join('.');
    errors[name] ??= issue.message;
  }
  return errors;
}

/**
 * useZodForm's behaviour for the app's entry page without react-hook-form (docs/decisions/033: the
 * login page's JavaScript budget). Text inputs only, uncontrolled (kept while a field is hidden): checked by the schema when
 * submitted, then each field again as it changes; the first field in error takes the focus.
 */
export function useLightForm<Output>(schema: z.ZodType<Output, Record<string, string>>) {
  const inputs = useRef(new Map<string, HTMLInputElement>());
  // What a field held when its input went away (another step shown): given back when it returns.
  const kept = useRef(new Map<string, string>());
  const submitted = useRef(false);
  const [errors, setErrors] = useState<Errors>({});
  const [isSubmitting, setSubmitting] = useState(false);

  const check = useCallback(() => {
    const values = Object.fromEntries([...inputs.current].map(([name, input]) => [name, input.value]));
    return schema.safeParse(values);
  }, [schema]);

  /** A text input's props: `{...form.field('email')}`. */
  const field = (name: string) => ({
    name,
    error: errors[name],
    ref: (input: HTMLInputElement | null) => {
      if (input) {
        inputs.current.set(name, input);
        const value = kept.current.get(name);
        if (value !== undefined) input.value = value;
      } else {
        const gone = inputs.current.get(name);
        if (gone) kept.current.set(name, gone.value);
        inputs.current.delete(name);
      }
    },
    onChange: () => {
      if (!submitted.current) return;
      const result = check();
      const message = result.success ? undefined : firstMessages(result.error)[name];
      setErrors((current) => ({ ...current, [name]: message }));
    },
  });

  const handleSubmit = (submit: (values: Output) => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    const result = check();
    if (!result.success) {
      const found = firstMessages(result.error);
      setErrors(found);
      [...inputs.current].find(([name]) => found[name])?.[1].focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await submit(result.data);
    } finally {
      setSubmitting(false);
    }
  };

  const setValue = (name: string, value: string) => {
    kept.current.set(name, value);
    const input = inputs.current.get(name);
    if (input) input.value = value;
  };

  return { field, handleSubmit, setValue, isSubmitting };
}
