/** What other features use from products: the server-paged list, one product, their query keys. */
export { useProducts, getProducts, type ProductListParams } from './api/products';
export { useProduct, getProduct } from './api/products';
export { productKeys } from './api/products';
export { priceLabel, stockIn, stockState } from './lib/stock';
