/**
 * Going to another page of the app from code that may draw before the router has loaded: /login
 * draws without React Router (app/app-root.tsx: it is the first screen of most visits, and the
 * router is a fifth of its download), so its links and "go to the dashboard after login" call
 * `appNavigate`. Once the router is up it is `router.navigate`; before that, the standalone login
 * page's own way out (load the router, navigate it, then show it).
 */
export type AppNavigateOptions = { replace?: boolean; state?: unknown };
export type AppNavigate = (to: string, options?: AppNavigateOptions) => Promise<void>;

let navigator: AppNavigate | null = null;

/** Called by whoever owns navigation now: the router once it is created, the standalone login before. */
export const setAppNavigator = (navigate: AppNavigate) => {
  navigator = navigate;
};

export const appNavigate: AppNavigate = (to, options) =>
  navigator ? navigator(to, options) : Promise.reject(new Error('navigation is not ready'));

/**
 * The `state` the current page was opened with (React Router keeps a location's state in
 * `history.state.usr`), readable with or without the router: e.g. where a guard stopped the user.
 */
export const historyState = <T>(): T | null =>
  ((window.history.state as { usr?: T } | null)?.usr ?? null) as T | null;
