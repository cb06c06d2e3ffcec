import { describe, expect, it, vi } from 'vitest';
import { forgetReadFlag, isRead, isReadFlagKey, markRead, readFlagKey } from './read-flags';

describe('read flags', () => {
  it('keeps one localStorage key per message', () => {
    expect(isRead('m1')).toBe(false);
    expect(markRead(['m1'])).toBe(1);
    expect(isRead('m1')).toBe(true);
    expect(localStorage.getItem(readFlagKey('m1'))).toBe('true');
    expect(isRead('m2')).toBe(false);
  });

  it('counts only the messages that were unread', () => {
    markRead(['m1']);
    expect(markRead(['m1', 'm2', 'm3'])).toBe(2);
    expect(['m1', 'm2', 'm3'].every(isRead)).toBe(true);
  });

  it('forgets the flag of a deleted message', () => {
    markRead(['m1']);
    forgetReadFlag('m1');
    expect(isRead('m1')).toBe(false);
    expect(localStorage.getItem(readFlagKey('m1'))).toBeNull();
  });

  it('keeps the flags in memory while the page lives when storage refuses them', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(markRead(['refused-1', 'refused-2'])).toBe(2);
    expect(isRead('refused-1')).toBe(true);
    expect(localStorage.getItem(readFlagKey('refused-1'))).toBeNull();
    expect(markRead(['refused-1'])).toBe(0);
    forgetReadFlag('refused-1');
    expect(isRead('refused-1')).toBe(false);
  });

  it('tells its keys from the session keys', () => {
    expect(isReadFlagKey(readFlagKey('m1'))).toBe(true);
    expect(isReadFlagKey('token')).toBe(false);
    expect(isReadFlagKey(null)).toBe(true); // storage.clear() in another tab
  });
});
