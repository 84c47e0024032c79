/** What other modules use from products (bulk upload creates products one CSV row at a time; sales price lines). */
export { addProduct, createProduct, type ProductCaller } from './products.service.js';
export { productsForSale } from './catalogue-lookup.js';
