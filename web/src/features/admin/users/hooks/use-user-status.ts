import { ADMIN_MESSAGES, type AdminUser } from '@goldbot/shared';
import type { ConfirmWording } from '../../components/confirm-dialog';
import { useConfirmedAction } from '../../hooks/use-confirmed-action';
import { errorMessage } from '../../lib/error-message';
import { setUserActive, type UserAction, type UserActionResponse } from '../api/set-user-active';

/** The change a user's Activate/Deactivate button asks for: the opposite of their status. */
export const actionFor = (user: AdminUser): UserAction => (user.isActive ? 'deactivate' : 'activate');

export const ACTION_LABEL: Record<UserAction, string> = { activate: 'Activate', deactivate: 'Deactivate' };
export const ACTION_TITLE: Record<UserAction, string> = { activate: 'Activate User', deactivate: 'Deactivate User' };

const FAILED: Record<UserAction, string> = {
  activate: ADMIN_MESSAGES.activateFailed,
  deactivate: ADMIN_MESSAGES.deactivateFailed,
};

/** What a failed change says: the server's message first, else the fallback. */
export const actionErrorText = (action: UserAction, error: unknown) => errorMessage(error, FAILED[action]);

export function confirmWording(user: AdminUser, action: UserAction): ConfirmWording {
  return action === 'deactivate'
    ? {
        question: `Deactivate ${user.username}? They are signed out everywhere and cannot sign in until you activate them again.`,
        confirm: 'Deactivate',
        busy: 'Deactivating...',
      }
    : {
        question: `Activate ${user.username}? They can sign in again.`,
        confirm: 'Activate',
        busy: 'Activating...',
      };
}

export interface UserStatusChange {
  user: AdminUser;
  action: UserAction;
}

export interface UserStatusHandlers {
  /** The server made the change; `response.user` is the user as they are now. */
  onChanged: (change: UserStatusChange, response: UserActionResponse) => void;
  onFailed: (change: UserStatusChange, error: unknown) => void;
}

export interface UserStatusState {
  /** The change waiting for its confirmation (or on its way). */
  confirming: UserStatusChange | null;
  busy: boolean;
  ask: (user: AdminUser) => void;
  cancel: () => void;
  confirm: () => Promise<void>;
}

/**
 * Activate or deactivate a user, each confirmed first, one request at a time: a second click while
 * one is on its way sends nothing.
 */
export function useUserStatus({ onChanged, onFailed }: UserStatusHandlers): UserStatusState {
  const state = useConfirmedAction({
    run: ({ user, action }: UserStatusChange) => setUserActive(user._id, action),
    onDone: onChanged,
    onFailed,
  });
  return { ...state, ask: (user) => state.ask({ user, action: actionFor(user) }) };
}
