/** What other features use from business. */
export { useUpdateBusiness } from './api/business';
