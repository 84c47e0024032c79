import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { TEXT, TOAST_TIMEOUT_MS } from '@ms/contracts';
import { openAlert, openConfirm } from '@/components/ui/confirm-dialog-host';
import { ApiError } from '@/lib/api-client';
import { appNavigate } from '@/lib/app-navigation';
import { sessionStore } from '@/lib/session-store';
import { logout as logoutCall } from '../api/accounts';

/** Who to log out: the switcher passes a saved user; the sidebar passes nothing (the current user). */
export type LogoutTarget = { _id: string; name: string };

const makeSwitchUser =
  (queryClient: ReturnType<typeof useQueryClient>) =>
  async (userId: string): Promise<boolean> => {
    // Drop the previous user's data before the switch so no screen refetches it with the new token.
    queryClient.clear();
    if (sessionStore.switchTo(userId)) {
      return true;
    }
    await openAlert({ title: 'Please log in again', message: TEXT.loggedOutOnSwitch });
    sessionStore.detachCurrent();
    void appNavigate('/login', { replace: true });
    return false;
  };

/**
 * Spec 000 §4 logout: confirm, call the server with the user id, forget that user's session (all
 * of it when no saved user remains), clear cached data and go to Login. Needs <DeviceGuard/>
 * mounted for the Mantine confirm dialog (it falls back to the browser's).
 */
export const useLogout = () => {
  const queryClient = useQueryClient();
  const [loading, setLoading] = useState(false);

  const logout = async (user?: LogoutTarget): Promise<boolean> => {
    const current = sessionStore.get();
    const userId = user?._id ?? current?.user._id;
    if (!userId) {
      void appNavigate('/login', { replace: true });
      return true;
    }
    const isCurrent = userId === current?.user._id;
    const token = isCurrent ? undefined : sessionStore.savedUsers()[userId]?.token;

    return openConfirm({
      title: 'Log out',
      message: user ? TEXT.logoutConfirmNamed(user.name) : TEXT.logoutConfirm,
      confirmLabel: 'Log out',
      color: 'red',
      onConfirm: async () => {
        setLoading(true);
        try {
          await logoutCall({ userId, token });
        } catch (error) {
          // A session the server already ended (401) is as good as logged out.
          if (!(error instanceof ApiError && error.status === 401)) {
            setLoading(false);
            notifications.show({
              color: 'red',
              title: 'Could not log out',
              message: error instanceof Error ? error.message : String(error),
              autoClose: TOAST_TIMEOUT_MS,
            });
            throw error;
          }
        }
        sessionStore.forget(userId);
        if (Object.keys(sessionStore.savedUsers()).length === 0) sessionStore.clearAll();
        setLoading(false);
        if (isCurrent) {
          queryClient.clear();
          void appNavigate('/login', { replace: true });
        }
      },
    });
  };

  const switchUser = makeSwitchUser(queryClient);
  return { logout, loading, switchUser };
};

/**
 * Spec 000 §4 user switcher: switch to a saved user; a saved login without a token time is gone,
 * says so and goes to Login (the other saved users stay in the switcher).
 */
export const useSwitchUser = () => makeSwitchUser(useQueryClient());
