import { render } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { EmailText } from './email-text.tsx';

/** The address as rendered, with "|" where a line may break. */
function breaksOf(email: string): string {
  const { container } = render(
    <p>
      <EmailText email={email} />
    </p>,
  );
  return (container.firstElementChild?.innerHTML ?? '').replaceAll('<wbr>', '|');
}

describe('EmailText', () => {
  test('may break after the "@" and before each dot, nowhere else, and reads as the address', () => {
    expect(breaksOf('carla@example.com')).toBe('carla@|example|.com');
    expect(breaksOf('ada.lovelace@mail.example.co.uk')).toBe('ada|.lovelace@|mail|.example|.co|.uk');
    expect(breaksOf('nobody')).toBe('nobody');
    const { container } = render(<EmailText email="carla@example.com" />);
    expect(container.textContent).toBe('carla@example.com');
  });
});
