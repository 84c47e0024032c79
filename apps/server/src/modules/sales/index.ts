/** Sales: what other modules use (reports, dashboard, customers). */
export { loadSale, loadSales, methodLabel } from './sales.repository.js';
export { salesRoutes } from './sales.routes.js';
