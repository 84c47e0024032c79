import { useEffect, useMemo } from 'react';
import DashboardPage from '@/features/dashboard/routes/dashboard-page';
import { markScreenDrawn } from '@/lib/after-first-paint';
import { AppLocationProvider } from '@/lib/app-location';
import { appNavigate } from '@/lib/app-navigation';
import { paths } from '@/lib/route-paths';
import { useSession } from '@/lib/session-store';
import { AppShell } from './shell/app-shell';

/**
 * A signed-in visit that starts on the dashboard (the usual first screen of an owner's day): the
 * shell and the dashboard drawn without React Router, whose code and route table are a fifth of
 * that download (decision 0002). The router loads after the first paint and takes over at the first
 * link (app-root.tsx); `navigating` is true meanwhile, and the shell shows its progress bar.
 */
const DashboardStart = ({ navigating }: { navigating: boolean }) => {
  const session = useSession();
  useEffect(markScreenDrawn, []);
  // Logged out elsewhere (another tab, the session forgotten): to Login, as the router's guard does.
  useEffect(() => {
    if (!session) void appNavigate(paths.Login, { replace: true, state: { from: paths.Dashboard } });
  }, [session]);
  const location = useMemo(
    () => ({ pathname: paths.Dashboard, search: window.location.search, navigating }),
    [navigating],
  );
  return (
    <AppLocationProvider value={location}>
      <AppShell>
        <DashboardPage />
      </AppShell>
    </AppLocationProvider>
  );
};

export default DashboardStart;
