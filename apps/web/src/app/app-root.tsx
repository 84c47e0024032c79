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
type Start = 'login' | 'dashboard' | 'router';

/** Longest wait for the dashboard's code before the first render draws "Loading…" instead. */
const DASHBOARD_WAIT_MS = 300;

/**
 * The screen a visit starts on, when it can draw without React Router: a visitor's Login (the first
 * screen of most phones), a signed-in user's dashboard (at `/` or `/dashboard`, as the router's guard
 * would restore the first saved user). Anything else starts with the router.
 */
const firstScreen = (): Start => {
  const { pathname, search, hash } = window.location;
  if (pathname === paths.Login && !sessionStore.get()) return 'login';
  if (pathname !== '/' && pathname !== paths.Dashboard) return 'router';
  if (!(sessionStore.get() ?? sessionStore.restoreFirstSaved())) return 'router';
  // The router's index route does the same.
  if (pathname === '/')
    window.history.replaceState(window.history.state, '', paths.Dashboard + search + hash);
  return 'dashboard';
};

let prepared: { start: Start; dashboard: DashboardStart | null } | undefined;

/**
 * Called once before the first render (main.tsx). A dashboard start waits for the dashboard's code
 * (index.html has already fetched its files), so the first thing drawn is the dashboard itself: a
 * "Loading…" drawn in between would cost a cheap phone one more full render and paint, with the
 * dashboard's own render then blocking the page after it has shown. If the code is slow to come (its
 * files were not preloaded), "Loading…" shows after DASHBOARD_WAIT_MS and the dashboard follows.
 */
export const prepareFirstScreen = async (): Promise<void> => {
  const start = firstScreen();
  prepared = { start, dashboard: null };
  if (start !== 'dashboard') return;
  const dashboard = loadDashboard().then(
    (m) => m.default,
    () => null,
  );
  const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), DASHBOARD_WAIT_MS));
  prepared.dashboard = await Promise.race([dashboard, late]);
};

/**
 * What the page draws first. Login and the dashboard draw without React Router (a fifth of their
 * download, docs/decisions/0002): the router loads after the screen is on it, and takes over when the
 * page is left (logged in, a link). Every other start loads the router first (index.html preloads
 * its files).
 */
export const AppRoot = () => {
  const [start] = useState(() => prepared?.start ?? firstScreen());
  const [Router, setRouter] = useState<ComponentType | null>(null);
  const [Dashboard, setDashboard] = useState<DashboardStart | null>(() => prepared?.dashboard ?? null);
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
    if (start === 'dashboard' && !prepared?.dashboard)
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
