import { zodResolver } from '@hookform/resolvers/zod';
import {
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type FormState,
  get,
  type Path,
  type UseFormRegister,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form checked by a zod schema as every Candor form is: first when submitted, then each field
 * again as it changes. Its values are the schema's input; what it submits, the schema's output.
 */
export function useZodForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  defaultValues?: DefaultValues<Input>,
): UseFormReturn<Input, unknown, Output> {
  return useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues,
  });
}

/**
 * The form's fields for TextField and its kin: `field('email')` is the field's registration and
 * its message (`{...field('email')}`).
 */
export function bindFields<T extends FieldValues>(form: {
  register: UseFormRegister<T>;
  formState: FormState<T>;
}) {
  return (name: Path<T>) => {
    const error: FieldError | undefined = get(form.formState.errors, name);
    return { ...form.register(name), error: error?.message };
  };
}
