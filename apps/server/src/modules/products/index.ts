/** What other modules use from products (bulk upload creates products one CSV row at a time). */
export { addProduct, createProduct, type ProductCaller } from './products.service.js';
