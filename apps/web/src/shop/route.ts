/**
 * The storefront's screens, read from the path (no router library: four shapes).
 * `/shop/<slug>`, `/shop/<slug>/p/<productId>`, `/shop/<slug>/cart`, `/shop/<slug>/order/<token>`.
 */
export type Route =
  | { name: 'shop'; slug: string }
  | { name: 'product'; slug: string; id: string }
  | { name: 'cart'; slug: string }
  | { name: 'order'; slug: string; token: string }
  | { name: 'unknown'; slug: string };

const part = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

export const parseRoute = (pathname: string): Route => {
  const parts = pathname.split('/').filter(Boolean).map(part);
  if (parts[0] !== 'shop' || !parts[1]) return { name: 'unknown', slug: '' };
  const slug = parts[1];
  const [kind, arg, extra] = parts.slice(2);
  if (kind === undefined) return { name: 'shop', slug };
  if (kind === 'cart' && arg === undefined) return { name: 'cart', slug };
  if (kind === 'p' && arg && extra === undefined) return { name: 'product', slug, id: arg };
  if (kind === 'order' && arg && extra === undefined) return { name: 'order', slug, token: arg };
  return { name: 'unknown', slug };
};

const enc = encodeURIComponent;
export const paths = {
  shop: (slug: string) => `/shop/${enc(slug)}`,
  product: (slug: string, id: string) => `/shop/${enc(slug)}/p/${enc(id)}`,
  cart: (slug: string) => `/shop/${enc(slug)}/cart`,
  order: (slug: string, token: string) => `/shop/${enc(slug)}/order/${enc(token)}`,
};

/** Where each path was scrolled to, so Back returns to the same place in the product list. */
const scrolled = new Map<string, number>();
export const NAVIGATED = 'shop:navigate';

/** Goes to `to` without reloading: the app listens for popstate and for this event. */
export const navigate = (to: string, { replace = false } = {}) => {
  scrolled.set(location.pathname, window.scrollY);
  if (replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  window.dispatchEvent(new CustomEvent(NAVIGATED));
};

export const savedScroll = (path: string) => scrolled.get(path) ?? 0;
export const rememberScroll = (path: string) => scrolled.set(path, window.scrollY);
