/** What other features (the POS) use from customers: the picker and the customer hooks. */
export { CustomerPicker } from './components/customer-picker';
export { customerName } from './components/customer-name';
export {
  createCustomer,
  customerKeys,
  getCustomersPage,
  useCreateCustomer,
  useCustomer,
  useCustomersPage,
  useUpdateCustomer,
} from './api/customers';
