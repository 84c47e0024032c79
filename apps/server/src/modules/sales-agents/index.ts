/** Sales agents and feature toggles: what other modules use. */
export { salesAgentsRoutes } from './sales-agents.routes.js';
export { toggleFeaturesRoutes } from './toggle-features.routes.js';
export { saleAgentCode } from './sales-agents.service.js';
