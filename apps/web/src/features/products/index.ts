/** What other features use from products: the server-paged list, one product, their query keys. */
export { useProducts, getProducts, type ProductListParams } from './api/get-products';
export { useProduct, getProduct } from './api/get-product';
export { productKeys } from './api/keys';
export { priceLabel, stockIn, stockState } from './lib/stock';
