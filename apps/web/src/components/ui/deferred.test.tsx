import { render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { describe, expect, test } from 'vitest';
import { Deferred } from './deferred.tsx';

/** What the page held when its first render was put in: read before anything else is rendered. */
let firstCommit = '';

function Page() {
  useLayoutEffect(() => {
    firstCommit = document.body.textContent ?? '';
  }, []);
  return (
    <>
      <h1>Welcome</h1>
      <Deferred fallback={<p>Loading...</p>}>
        <p>Balances</p>
      </Deferred>
    </>
  );
}

describe('Deferred', () => {
  test('the first render shows the heading and the fallback; the children come with a render after it', async () => {
    render(<Page />);
    expect(await screen.findByText('Balances')).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(firstCommit).toBe('WelcomeLoading...');
  });
});
