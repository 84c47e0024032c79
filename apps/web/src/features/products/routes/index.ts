import type { RouteObject } from 'react-router';
import { lazyPage } from '@/lib/lazy-page';
import { paths } from '@/lib/route-paths';

const list = lazyPage(() => import('./products-page'));
const add = lazyPage(() => import('./add-product-page'));
const edit = lazyPage(() => import('./edit-product-page'));

/** Routes of this feature, added to the app shell by app/router.tsx. Pages load lazily (lazyPage). */
export const productsRoutes: RouteObject[] = [
  { path: paths.Products, lazy: list },
  { path: '/products_v2', lazy: list },
  { path: paths.ProductsTab, lazy: list },
  { path: '/inventory/myproducts', lazy: list },
  { path: paths.AddProduct, lazy: add },
  { path: '/productsinventory/add-product', lazy: add },
  { path: '/inventory/add-product', lazy: add },
  { path: paths.EditProduct, lazy: edit },
];
