import { afterEach, describe, expect, test, vi } from 'vitest';
import { signOut } from '../../lib/session.ts';
import { keepWithdrawalForm, readKeptWithdrawalForm } from './kept-withdrawal-form.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the payout details kept in the tab', () => {
  test('signing out forgets them: the next person at the computer finds none in the tab', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    keepWithdrawalForm('user-1', 'bank', { amount: '50', details: { an: '12345678' } });
    sessionStorage.setItem('another-app', 'kept');
    expect(readKeptWithdrawalForm('user-1', 'bank')).toEqual({ amount: '50', details: { an: '12345678' } });
    await signOut();
    expect(readKeptWithdrawalForm('user-1', 'bank')).toBeNull();
    expect(sessionStorage.length).toBe(1);
    expect(sessionStorage.getItem('another-app')).toBe('kept');
  });
});
