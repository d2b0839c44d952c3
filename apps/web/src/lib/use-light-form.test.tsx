import { SignInRequestSchema } from '@candor/contracts/auth';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import { TextField } from '../components/ui/text-field.tsx';
import { useLightForm } from './use-light-form.ts';

afterEach(cleanup);

function SignInForm({ onSubmit }: { onSubmit: (values: unknown) => Promise<void> }) {
  const form = useLightForm(SignInRequestSchema);
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <TextField label="Email" {...form.field('email')} />
      <TextField label="Password" type="password" {...form.field('password')} />
      <button type="submit">{form.isSubmitting ? 'Sending' : 'Send'}</button>
    </form>
  );
}

test("a form is checked by its schema when sent, then field by field as they change, like useZodForm's", async () => {
  const user = userEvent.setup({ delay: null });
  const onSubmit = vi.fn(async () => undefined);
  render(<SignInForm onSubmit={onSubmit} />);
  await user.type(screen.getByLabelText('Password'), 'x');
  // Nothing is said before the first try.
  expect(screen.queryByText('Email is required')).toBeNull();

  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(screen.getByText('Email is required')).toBeTruthy();
  expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  expect(onSubmit).not.toHaveBeenCalled();

  await user.type(screen.getByLabelText('Email'), 'ann');
  expect(screen.getByText('Invalid email format')).toBeTruthy();
  await user.type(screen.getByLabelText('Email'), '@example.com');
  expect(screen.queryByText('Invalid email format')).toBeNull();

  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(onSubmit).toHaveBeenCalledWith({ email: 'ann@example.com', password: 'x' });
});

test('the form is busy while its answer is awaited', async () => {
  const user = userEvent.setup({ delay: null });
  let finish = () => {};
  const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
  render(<SignInForm onSubmit={onSubmit} />);
  await user.type(screen.getByLabelText('Email'), 'ann@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByRole('button', { name: 'Sending' })).toBeTruthy();
  finish();
  expect(await screen.findByRole('button', { name: 'Send' })).toBeTruthy();
});

function TwoSteps() {
  const form = useLightForm(SignInRequestSchema);
  const [other, setOther] = useState(false);
  if (other) {
    return (
      <button
        type="button"
        onClick={() => {
          form.setValue('password', '');
          setOther(false);
        }}
      >
        Back
      </button>
    );
  }
  return (
    <form noValidate onSubmit={form.handleSubmit(async () => setOther(true))}>
      <TextField label="Email" {...form.field('email')} />
      <TextField label="Password" type="password" {...form.field('password')} />
      <button type="submit">Send</button>
    </form>
  );
}

test('a field hidden by another step comes back with its value, unless it was set meanwhile', async () => {
  const user = userEvent.setup({ delay: null });
  render(<TwoSteps />);
  await user.type(screen.getByLabelText('Email'), 'ann@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret');
  await user.click(screen.getByRole('button', { name: 'Send' }));
  await user.click(await screen.findByRole('button', { name: 'Back' }));
  expect(screen.getByLabelText<HTMLInputElement>('Email').value).toBe('ann@example.com');
  expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('');
});
