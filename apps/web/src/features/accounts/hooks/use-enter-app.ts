import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { LoginData } from '@ms/contracts';
import { sessionStore } from '@/lib/session-store';

/** After login, sign-up or device verification: keep the session and go where the guard stopped the user. */
export const useEnterApp = () => {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const from = (location.state as { from?: string } | null)?.from;
  return (data: LoginData) => {
    queryClient.clear();
    sessionStore.loginWith(data);
    void navigate(from && from !== '/login' ? from : '/dashboard', { replace: true });
  };
};
