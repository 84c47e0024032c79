import { useEffect, useLayoutEffect, useState, type ComponentType } from 'react';
import LoginPage from '@/features/accounts/routes/login-page';
import { afterFirstPaint, markScreenDrawn } from '@/lib/after-first-paint';
import { setAppNavigator } from '@/lib/app-navigation';
import { paths } from '@/lib/route-paths';
import { sessionStore } from '@/lib/session-store';
import { AppLoadFailed, AppLoading } from './shell/app-loading';

const loadRouter = () => import('./router-root');

/** A visit that starts on Login with nobody signed in: the most common first screen of a phone. */
const startsOnLogin = () => window.location.pathname === paths.Login && !sessionStore.get();

/**
 * What the page draws first. Login, for a visitor, draws at once without React Router (a fifth of
 * its download, docs/decisions/0002): the router loads after the form is on screen, and takes over
 * when the login page leaves (logged in, or a link). Every other start loads the router first
 * (index.html preloads its files).
 */
export const AppRoot = () => {
  const [onLogin] = useState(startsOnLogin);
  const [Router, setRouter] = useState<ComponentType | null>(null);
  const [failed, setFailed] = useState(false);

  useLayoutEffect(() => {
    if (!onLogin) {
      loadRouter().then(
        (m) => setRouter(() => m.default),
        () => setFailed(true),
      );
      return;
    }
    setAppNavigator(async (to, options) => {
      try {
        const m = await loadRouter();
        await m.router.navigate(to, options);
        setRouter(() => m.default);
      } catch {
        // The router's code did not arrive: a full load of the page gets there the usual way.
        if (options?.replace) window.location.replace(to);
        else window.location.assign(to);
      }
    });
  }, [onLogin]);

  useEffect(() => {
    if (!onLogin) return;
    markScreenDrawn();
    // Ready for the moment the user logs in or follows a link.
    void afterFirstPaint().then(() => loadRouter().catch(() => undefined));
  }, [onLogin]);

  if (Router) return <Router />;
  if (onLogin) return <LoginPage />;
  if (failed) return <AppLoadFailed />;
  return <AppLoading />;
};
