import { expect, test } from 'vitest';
import { ApiError } from './api.ts';
import { errorMessage } from './error-message.ts';

test("an error reads as its message, an API error as the server's, anything else as text", () => {
  expect(errorMessage(new Error('Network down'))).toBe('Network down');
  expect(errorMessage(new ApiError(409, 'ALREADY_DECIDED', 'This deposit was already rejected'))).toBe(
    'This deposit was already rejected',
  );
  expect(errorMessage('Timed out')).toBe('Timed out');
  expect(errorMessage(404)).toBe('404');
});
