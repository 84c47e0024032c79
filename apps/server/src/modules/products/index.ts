/** What other modules use from products (bulk upload creates products one CSV row at a time; sales price lines). */
export { addProduct, createProduct } from './product-create.service.js';
export type { ProductCaller } from './products.shared.js';
export { productsForSale } from './catalogue-lookup.js';
