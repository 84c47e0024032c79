import { useLayoutEffect } from 'react';
import { RouterProvider } from 'react-router';
import { setAppNavigator } from '@/lib/app-navigation';
import { router } from './router';

export { router };

/**
 * The whole app under React Router; loaded by app-root.tsx, after /login or the dashboard has drawn
 * when the visit starts there.
 */
const RouterRoot = () => {
  // From now on the router owns navigation (before, the standalone login page did).
  useLayoutEffect(() => setAppNavigator((to, options) => router.navigate(to, options)), []);
  return <RouterProvider router={router} />;
};

export default RouterRoot;
