import { useQueryClient } from '@tanstack/react-query';
import type { LoginData } from '@ms/contracts';
import { appNavigate, historyState } from '@/lib/app-navigation';
import { sessionStore } from '@/lib/session-store';

/**
 * After login, sign-up or device verification: keep the session and go where the guard stopped the
 * user. Works on the login page drawn before the router (app/app-root.tsx), hence no router hooks.
 */
export const useEnterApp = () => {
  const queryClient = useQueryClient();
  return (data: LoginData) => {
    const from = historyState<{ from?: string }>()?.from;
    queryClient.clear();
    sessionStore.loginWith(data);
    void appNavigate(from && from !== '/login' ? from : '/dashboard', { replace: true });
  };
};
