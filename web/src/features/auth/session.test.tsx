import { act, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@goldbot/shared';
import { storeSession } from '@/test/test-utils';
import { SessionProvider, useSession } from './session';

const trader = { _id: 'u1', username: 'trader42', email: 'trader42@example.com', role: 'user' as const };

function renderSession() {
  return renderHook(() => useSession(), { wrapper: SessionProvider });
}

describe('SessionProvider', () => {
  it('restores a stored session as authenticated', () => {
    storeSession({ ...trader, referralEarnings: 12 }, 'stored-token');
    const { result } = renderSession();
    expect(result.current.status).toBe('authenticated');
    expect(result.current.token).toBe('stored-token');
    expect(result.current.user).toEqual({ ...trader, referralEarnings: 12 });
  });

  it('is anonymous when nothing is stored', () => {
    const { result } = renderSession();
    expect(result.current).toMatchObject({ status: 'anonymous', user: null, token: null });
  });

  it.each([
    ['corrupt JSON', '{"username": "trader42"'],
    ['a non-object', '["trader42"]'],
    ['a user without e-mail', '{"username": "trader42"}'],
    ['the string "undefined"', 'undefined'],
  ])('treats %s as anonymous and clears storage', (_case, storedUser) => {
    localStorage.setItem(STORAGE_KEYS.user, storedUser);
    localStorage.setItem(STORAGE_KEYS.token, 'stored-token');
    const { result } = renderSession();
    expect(result.current).toMatchObject({ status: 'anonymous', user: null, token: null });
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('treats a user without a token as anonymous and clears storage', () => {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(trader));
    const { result } = renderSession();
    expect(result.current.status).toBe('anonymous');
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('drops unknown or mistyped optional fields instead of trusting them', () => {
    storeSession({ ...trader, role: 'superuser', referralCount: 'many' } as never);
    const { result } = renderSession();
    expect(result.current.user).toEqual({ _id: 'u1', username: 'trader42', email: 'trader42@example.com' });
  });

  it('saves and clears a session in memory and storage', () => {
    const { result } = renderSession();
    act(() => result.current.saveSession({ user: trader, token: 'fresh-token' }));
    expect(result.current).toMatchObject({ status: 'authenticated', user: trader, token: 'fresh-token' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toEqual(trader);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('fresh-token');

    act(() => result.current.clearSession());
    expect(result.current).toMatchObject({ status: 'anonymous', user: null, token: null });
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('refuses to work outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    function Orphan() {
      useSession();
      return null;
    }
    expect(() => render(<Orphan />)).toThrow(/inside <SessionProvider>/);
    expect(screen.queryByText(/./)).toBeNull();
  });
});
