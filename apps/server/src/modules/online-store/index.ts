/** The online store (settings, catalogue, the storefront's reads): what other modules and flows use. */
export { onlineStoreRoutes } from './online-store.routes.js';
export { ensureOnlineStore, deliveryZonesOf, type OnlineStoreRow } from './online-store.repository.js';
export { loadShop, openShopBySlug } from './shop.queries.js';
export { priceShopItems, type ShopLine } from './shop-pricing.js';
export { availableAt } from './stock-available.js';
