/** What other modules and flows may use from the business module. */
export { loadBusinessData } from './business.repository.js';
