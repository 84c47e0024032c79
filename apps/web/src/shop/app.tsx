/** @jsxImportSource preact */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { PublicOrder, Shop } from '../../../../packages/contracts/src/online-store/shop';
import { fetchShop, inlineData, ShopError } from './api';
import { describeCart, findProduct, keepSold, type CartLine } from './cart';
import { CartPage } from './cart-page';
import { OrderPage } from './order-page';
import { ProductPage } from './product-page';
import { NAVIGATED, parseRoute, paths, rememberScroll, savedScroll, type Route } from './route';
import { ShopPage } from './shop-page';
import { cartStorageKey, loadCart, loadOrders, saveCart } from './storage';
import { CartBar, Link, Problem, Spinner, TopBar } from './ui';

/** Orders this visit placed or read, by token: the follow page draws them at once. */
const orders = new Map<string, { order: PublicOrder; justPlaced: boolean }>();

/** The shop's data: from the page when the server put it there, else asked for (once per visit). */
const useShop = (slug: string, needed: boolean) => {
  const [shop, setShop] = useState<Shop | null>(() => {
    const inline = inlineData<Shop>('shop-data');
    return inline && inline.slug === slug ? inline : null;
  });
  const [error, setError] = useState<ShopError | null>(null);
  const load = useCallback(() => {
    setError(null);
    fetchShop(slug).then(setShop, (e: unknown) =>
      setError(e instanceof ShopError ? e : new ShopError(String(e), 0)),
    );
  }, [slug]);
  useEffect(() => {
    if (needed && !shop && !error) load();
  }, [needed, shop, error, load]);
  return { shop, error, reload: load };
};

const Storefront = ({ route }: { route: Route }) => {
  const slug = route.slug;
  const { shop, error, reload } = useShop(slug, route.name !== 'order');
  const [lines, setLinesState] = useState<CartLine[]>(() => loadCart(slug));
  const setLines = useCallback(
    (f: (l: CartLine[]) => CartLine[]) =>
      setLinesState((l) => {
        const next = f(l);
        saveCart(slug, next);
        return next;
      }),
    [slug],
  );

  // Another tab of the same shop changed the cart.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === cartStorageKey(slug)) setLinesState(loadCart(slug));
    };
    addEventListener('storage', onStorage);
    return () => removeEventListener('storage', onStorage);
  }, [slug]);

  // Products the shop took down leave the cart once its data is known.
  useEffect(() => {
    if (shop) setLines((l) => (keepSold(shop, l).length === l.length ? l : keepSold(shop, l)));
  }, [shop, setLines]);

  const cart = shop ? describeCart(shop, lines) : null;
  const count = cart ? cart.count : lines.reduce((s, l) => s + l.quantity, 0);

  useEffect(() => {
    if (!shop || route.name === 'order') return;
    const product = route.name === 'product' ? findProduct(shop, route.id) : null;
    document.title =
      route.name === 'cart'
        ? `Your cart · ${shop.name}`
        : product
          ? `${product.name} · ${shop.name}`
          : shop.name;
  }, [shop, route]);

  if (route.name === 'order') {
    const known = orders.get(route.token) ?? null;
    const inline = inlineData<PublicOrder>('order-data');
    const initial = known?.order ?? (inline && inline.token === route.token ? inline : null);
    return (
      <OrderPage
        key={route.token}
        slug={slug}
        token={route.token}
        initial={initial}
        justPlaced={!!known?.justPlaced}
        cartCount={count}
      />
    );
  }

  if (!shop) {
    if (!error) return <Spinner label="Opening the shop…" />;
    return (
      <Problem
        title={error.status === 404 ? 'Shop not found' : 'Could not open the shop'}
        message={error.message}
        action={
          error.status !== 404 && (
            <button type="button" class="btn btn-primary" onClick={reload}>
              Try again
            </button>
          )
        }
      />
    );
  }

  let page;
  if (route.name === 'shop') {
    page = <ShopPage shop={shop} lines={lines} setLines={setLines} orders={loadOrders(slug)} />;
  } else if (route.name === 'product') {
    const product = findProduct(shop, route.id);
    page = product ? (
      <ProductPage key={product._id} shop={shop} product={product} lines={lines} setLines={setLines} />
    ) : (
      <Problem
        title="Product not found"
        message="This product is no longer on sale in this shop."
        action={
          <Link href={paths.shop(slug)} class="btn btn-primary">
            See all products
          </Link>
        }
      />
    );
  } else if (route.name === 'cart') {
    page = (
      <CartPage
        shop={shop}
        lines={lines}
        setLines={setLines}
        onStockChanged={reload}
        onPlaced={(order) => {
          orders.set(order.token, { order, justPlaced: true });
          setLines(() => []);
        }}
      />
    );
  } else {
    page = (
      <Problem
        title="Page not found"
        message="This page is not part of the shop."
        action={
          <Link href={paths.shop(slug)} class="btn btn-primary">
            Go to the shop
          </Link>
        }
      />
    );
  }
  return (
    <>
      <TopBar slug={slug} name={shop.name} count={count} />
      {page}
      {route.name !== 'cart' && cart && <CartBar slug={slug} count={cart.count} total={cart.subtotal} />}
    </>
  );
};

/** The storefront: one screen per path, moved between without reloads (Back returns to the same scroll). */
export const App = () => {
  const [path, setPath] = useState(location.pathname);
  const current = useRef(path);
  const popped = useRef(false);

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
    const onPop = () => {
      rememberScroll(current.current);
      popped.current = true;
      setPath(location.pathname);
    };
    const onNavigate = () => {
      popped.current = false;
      setPath(location.pathname);
    };
    addEventListener('popstate', onPop);
    addEventListener(NAVIGATED, onNavigate);
    return () => {
      removeEventListener('popstate', onPop);
      removeEventListener(NAVIGATED, onNavigate);
    };
  }, []);

  useLayoutEffect(() => {
    if (current.current === path) return;
    current.current = path;
    window.scrollTo(0, popped.current ? savedScroll(path) : 0);
  }, [path]);

  const route = parseRoute(path);
  if (!route.slug)
    return (
      <Problem
        title="Shop not found"
        message="Check the link you were sent: it should look like /shop/name."
      />
    );
  return <Storefront key={route.slug} route={route} />;
};
