import { useMemo } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { AppLocationProvider } from '@/lib/app-location';
import { AppShell } from './app-shell';

/** The shell as the signed-in pages' layout route: React Router's location, and the page in its outlet. */
const RoutedShell = () => {
  const { pathname, search } = useLocation();
  const navigating = useNavigation().state === 'loading';
  const location = useMemo(() => ({ pathname, search, navigating }), [pathname, search, navigating]);
  return (
    <AppLocationProvider value={location}>
      <AppShell>
        <Outlet />
      </AppShell>
    </AppLocationProvider>
  );
};

export default RoutedShell;
