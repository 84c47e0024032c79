import { setUnauthorizedHandler } from '@/lib/api-client';
import { appNavigate } from '@/lib/app-navigation';
import { queryClient } from '@/lib/query-client';
import { sessionStore } from '@/lib/session-store';

/**
 * Spec 000 §4: a 401 forgets the current user's session and goes to Login. Installed by the entry
 * (app-root.tsx): the dashboard calls the server before the router has loaded (dashboard-start.tsx).
 */
export const installSessionHandlers = () => {
  setUnauthorizedHandler(() => {
    const s = sessionStore.get();
    if (s) sessionStore.forget(s.user._id);
    queryClient.clear();
    void appNavigate('/login', { replace: true });
  });
};
