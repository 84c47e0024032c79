/** What other modules and flows may use of payment options. */
export { paymentMethodLabels } from './payment-options.service.js';
