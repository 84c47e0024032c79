import { createContext, useContext } from 'react';

/**
 * Where the app is, for the shell and the dashboard, which also draw before React Router has loaded
 * (app/dashboard-start.tsx: a signed-in start on the dashboard, decision 0002). Under the router the
 * shell's route provides React Router's location (app/shell/routed-shell.tsx); before it, the
 * dashboard start provides the page's address. `navigating`: a page's code or data is on its way.
 */
export type AppLocation = { pathname: string; search: string; navigating: boolean };

const AppLocationContext = createContext<AppLocation | null>(null);

export const AppLocationProvider = AppLocationContext.Provider;

/** The current location; outside a provider (a test drawing one widget), the page's address. */
export const useAppLocation = (): AppLocation =>
  useContext(AppLocationContext) ?? {
    pathname: window.location.pathname,
    search: window.location.search,
    navigating: false,
  };
