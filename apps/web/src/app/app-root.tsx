import { useEffect, useLayoutEffect, useState, type ComponentType } from 'react';
import LoginPage from '@/features/accounts/routes/login-page';
import { afterFirstPaint, markScreenDrawn } from '@/lib/after-first-paint';
import { setAppNavigator } from '@/lib/app-navigation';
import { paths } from '@/lib/route-paths';
import { sessionStore } from '@/lib/session-store';
import { installSessionHandlers } from './session-handlers';
import { AppLoadFailed, AppLoading } from './shell/app-loading';

installSessionHandlers();

const loadRouter = () => import('./router-root');
const loadDashboard = () => import('./dashboard-start');

type DashboardStart = ComponentType<{ navigating: boolean }>;

/**
 * The screen a visit starts on, when it can draw without React Router: a visitor's Login (the first
 * screen of most phones), a signed-in user's dashboard (at `/` or `/dashboard`, as the router's guard
 * would restore the first saved user). Anything else starts with the router.
 */
const firstScreen = (): 'login' | 'dashboard' | 'router' => {
  const { pathname, search, hash } = window.location;
  if (pathname === paths.Login && !sessionStore.get()) return 'login';
  if (pathname !== '/' && pathname !== paths.Dashboard) return 'router';
  if (!(sessionStore.get() ?? sessionStore.restoreFirstSaved())) return 'router';
  // The router's index route does the same.
  if (pathname === '/')
    window.history.replaceState(window.history.state, '', paths.Dashboard + search + hash);
  return 'dashboard';
};

/**
 * What the page draws first. Login and the dashboard draw without React Router (a fifth of their
 * download, docs/decisions/0002): the router loads after the screen is on it, and takes over when the
 * page is left (logged in, a link). Every other start loads the router first (index.html preloads
 * its files).
 */
export const AppRoot = () => {
  const [start] = useState(firstScreen);
  const [Router, setRouter] = useState<ComponentType | null>(null);
  const [Dashboard, setDashboard] = useState<DashboardStart | null>(null);
  const [navigating, setNavigating] = useState(false);
  const [failed, setFailed] = useState(false);

  useLayoutEffect(() => {
    if (start === 'router') {
      loadRouter().then(
        (m) => setRouter(() => m.default),
        () => setFailed(true),
      );
      return;
    }
    if (start === 'dashboard')
      loadDashboard().then(
        (m) => setDashboard(() => m.default),
        () => setFailed(true),
      );
    setAppNavigator(async (to, options) => {
      setNavigating(true);
      try {
        const m = await loadRouter();
        await m.getRouter().navigate(to, options);
        setRouter(() => m.default);
      } catch {
        // The router's code did not arrive: a full load of the page gets there the usual way.
        if (options?.replace) window.location.replace(to);
        else window.location.assign(to);
      }
    });
  }, [start]);

  useEffect(() => {
    if (start === 'router') return;
    // The dashboard says so itself once its code has arrived and drawn.
    if (start === 'login') markScreenDrawn();
    // Ready for the moment the user logs in or follows a link.
    void afterFirstPaint().then(() => loadRouter().catch(() => undefined));
  }, [start]);

  if (Router) return <Router />;
  if (start === 'login') return <LoginPage />;
  if (failed) return <AppLoadFailed />;
  if (Dashboard) return <Dashboard navigating={navigating} />;
  return <AppLoading />;
};
