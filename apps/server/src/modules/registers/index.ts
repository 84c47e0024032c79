/** Registers (cash drawers): what other modules use. Sales call recordRegisterCash in their transaction. */
export { openRegisterOf, recordRegisterCash, expectedKoboOf, type SessionRow } from './register-ledger.js';
export { ensureMainTills } from './registers.repository.js';
export { keepOfflineCash } from './offline-cash.js';
export { registersRoutes } from './registers.routes.js';
