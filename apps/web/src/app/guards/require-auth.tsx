import { Navigate, Outlet, useLocation } from 'react-router';
import { sessionStore, useSession } from '@/lib/session-store';

/**
 * Spec 000 §4 route guard: continue with a session; else restore the first saved user's
 * session; else go to Login (remembering where the user was going).
 */
export const RequireAuth = () => {
  const session = useSession() ?? sessionStore.restoreFirstSaved();
  const location = useLocation();
  if (!session) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return <Outlet />;
};

/** Public routes marked hide-for-auth send a logged-in user on (where the guard stopped them, else the dashboard). */
export const HideForAuth = () => {
  const session = useSession();
  const from = (useLocation().state as { from?: string } | null)?.from;
  if (session) return <Navigate to={from ?? '/dashboard'} replace />;
  return <Outlet />;
};
