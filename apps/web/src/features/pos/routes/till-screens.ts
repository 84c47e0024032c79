/**
 * The till's screens, loaded lazily by the router — and ahead of time by the till itself, so that
 * a cashier whose network drops with the till open (even on a first visit, before the service
 * worker has saved the app) can still move to payment and print the receipt (issue 11).
 */
export const tillScreens = {
  pos: () => import('./pos-page'),
  payment: () => import('./pos-payment-page'),
  dashboard: () => import('./pos-dashboard-page'),
};
