import type { createBrowserRouter } from 'react-router';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { sessionStore } from '@/lib/session-store';

/** Spec 000 §4: a 401 forgets the current user's session and goes to Login. */
export const installSessionHandlers = (router: ReturnType<typeof createBrowserRouter>) => {
  setUnauthorizedHandler(() => {
    const s = sessionStore.get();
    if (s) sessionStore.forget(s.user._id);
    queryClient.clear();
    void router.navigate('/login', { replace: true });
  });
};
