/** What other modules use from products (bulk upload creates products set-based, addProducts; sales price lines). */
export { addProduct, createProduct } from './product-create.service.js';
export type { ProductCaller } from './products.shared.js';
export { productsForSale } from './catalogue-lookup.js';
export { addProducts, addVarieties, ProductItemError, type AddedProduct } from './product-import.js';
export { takenSkus } from './products.writes.js';
