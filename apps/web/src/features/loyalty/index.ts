/** What other features use from loyalty: the customer's balances panel and the loyalty hooks. */
export { LoyaltyPanel } from './components/loyalty-panel';
export { loyaltyCall, loyaltyToken, loyaltyAccess } from './api/loyalty-client';
export { useLoyaltyCustomer, useLoyaltySettings, useAdjustPoints, useAdjustStoreCredit } from './api/loyalty';
