import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { AppShell as MantineAppShell } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { SHELL_COLLAPSE_PX } from '@ms/contracts';
import { DeviceGuard, useLogout } from '@/features/accounts';
import { useAppLocation } from '@/lib/app-location';
import { useSession } from '@/lib/session-store';
import { ConnectivityBanner } from './connectivity-banner';
import { ContentErrorBoundary } from './content-error-boundary';
import { FraudBlock } from './fraud-block';
import { SearchableSidebar } from './nav/searchable-sidebar';
import classes from './shell.module.css';
import { useSidebarVariant } from './sidebar-variant';
import { TopBar } from './top-bar';
import { UpdateOverlay } from './update-overlay';

// The rail is a choice of the Settings page (spec 000 §2.6); the searchable sidebar is the default,
// so the rail's code (and its accordion) loads only for a device that chose it.
const RailSidebar = lazy(() => import('./nav/rail-sidebar').then((m) => ({ default: m.RailSidebar })));

/**
 * The application shell of spec 000 §2.4: top bar, one of the two sidebars, banners, and the page.
 * Under 640 px the sidebar is a drawer that closes whenever the route changes. `children`: the page.
 * No React Router here: the shell also draws the dashboard before the router has loaded
 * (app/dashboard-start.tsx); under the router, routed-shell.tsx gives it the location and the page.
 */
export const AppShell = ({ children }: { children: ReactNode }) => {
  const session = useSession();
  const variant = useSidebarVariant();
  const location = useAppLocation();
  // Read at the first render (no server rendering here): otherwise a phone draws the shell twice.
  const narrow = useMediaQuery(`(max-width: ${SHELL_COLLAPSE_PX - 0.1}px)`, false, {
    getInitialValueInEffect: false,
  });
  const [drawerOpened, drawer] = useDisclosure(false);
  const [sidebarOpened, sidebar] = useDisclosure(true);
  // A phone's sidebar is a closed drawer: its links are drawn when it first opens, not at every load
  // (a cheap phone spends a tenth of a second on them). Kept once drawn.
  const [navDrawn, setNavDrawn] = useState(!narrow);
  if (!navDrawn && (!narrow || drawerOpened)) setNavDrawn(true);
  const { logout } = useLogout();

  useEffect(() => {
    drawer.close();
    // Only a route change closes the drawer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname, location.search]);

  // useLogout asks first: "Do you want to log out?" without a user, the named question with one.
  const askPlain = () => void logout();
  const askNamed = () =>
    void (session ? logout({ _id: session.user._id, name: session.user.name }) : logout());

  return (
    <MantineAppShell
      header={{ height: 60 }}
      navbar={{
        width: variant === 'rail' ? 320 : 270,
        breakpoint: SHELL_COLLAPSE_PX,
        collapsed: { mobile: !drawerOpened, desktop: !sidebarOpened },
      }}
      padding={{ base: 'sm', sm: 'md' }}
    >
      {location.navigating && (
        <div className={classes.navProgress} role="progressbar" aria-label="Loading page" />
      )}
      <MantineAppShell.Header>
        <TopBar
          navOpened={narrow ? drawerOpened : sidebarOpened}
          narrow={narrow}
          onToggleNav={narrow ? drawer.toggle : sidebar.toggle}
          onLogout={askPlain}
        />
      </MantineAppShell.Header>
      <MantineAppShell.Navbar aria-label="Sidebar">
        {navDrawn &&
          (variant === 'rail' ? (
            <Suspense fallback={null}>
              <RailSidebar onLogout={askNamed} />
            </Suspense>
          ) : (
            <SearchableSidebar onLogout={askPlain} />
          ))}
      </MantineAppShell.Navbar>
      <MantineAppShell.Main>
        <ConnectivityBanner />
        {session?.user.IsFraud ? (
          <FraudBlock />
        ) : (
          <ContentErrorBoundary resetKey={location.pathname}>{children}</ContentErrorBoundary>
        )}
      </MantineAppShell.Main>
      <UpdateOverlay />
      <DeviceGuard />
    </MantineAppShell>
  );
};
