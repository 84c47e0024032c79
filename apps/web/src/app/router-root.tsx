import { useLayoutEffect } from 'react';
import { RouterProvider } from 'react-router';
import { setAppNavigator } from '@/lib/app-navigation';
import { createAppRouter } from './router';

let router: ReturnType<typeof createAppRouter> | undefined;

/**
 * The app's router, made at its first use rather than when this file loads: after the dashboard or
 * Login has drawn, this file is fetched ahead of the first link, and making the router then would be
 * a long task on a cheap phone while the page's figures are still arriving.
 */
export const getRouter = () => (router ??= createAppRouter());

/**
 * The whole app under React Router; loaded by app-root.tsx, after /login or the dashboard has drawn
 * when the visit starts there.
 */
const RouterRoot = () => {
  const router = getRouter();
  // From now on the router owns navigation (before, the standalone login page did).
  useLayoutEffect(() => setAppNavigator((to, options) => router.navigate(to, options)), [router]);
  return <RouterProvider router={router} />;
};

export default RouterRoot;
