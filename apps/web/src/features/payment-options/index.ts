/** What other features use from payment methods: the methods the POS may offer. */
export { useCheckoutOptions, paymentOptionKeys } from './api/payment-options';
