/** What other modules and flows may use from the business module. */
export { loadBusinessData, toggleOnlineStore } from './business.repository.js';
