/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { formatMoney, plural } from './format';
import { navigate, paths } from './route';

/** A real link (long-press, open in a new tab) that moves inside the app without a reload. */
export const Link = ({
  href,
  replace,
  children,
  ...rest
}: {
  href: string;
  replace?: boolean;
  class?: string;
  'aria-label'?: string;
  children: ComponentChildren;
}) => (
  <a
    {...rest}
    href={href}
    onClick={(e) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      e.preventDefault();
      navigate(href, { replace });
    }}
  >
    {children}
  </a>
);

const svg = (d: string, size = 20) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    stroke-width="2"
    stroke-linecap="round"
    stroke-linejoin="round"
    aria-hidden="true"
  >
    <path d={d} />
  </svg>
);

export const icons = {
  cart: () => svg('M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2M10 21h.01M18 21h.01'),
  back: () => svg('M15 18l-6-6 6-6'),
  search: () => svg('M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.3-4.3', 18),
  plus: () => svg('M12 5v14M5 12h14', 18),
  minus: () => svg('M5 12h14', 18),
  check: () => svg('M20 6L9 17l-5-5', 16),
  copy: () => svg('M9 9h11v11H9zM5 15H4V4h11v1', 16),
  phone: () =>
    svg(
      'M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z',
      16,
    ),
};

/** A product's picture, or its initial on a tint while it has none. */
export const ProductImage = ({ src, name, eager }: { src?: string | null; name: string; eager?: boolean }) =>
  src ? (
    <img
      class="pimg"
      src={src}
      alt={name}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      onError={(e) => e.currentTarget.classList.add('broken')}
    />
  ) : (
    <span class="pimg pimg-none" aria-hidden="true">
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );

/** The bar on top of every page: the shop's name (back to its products) and the cart. */
export const TopBar = ({ slug, name, count }: { slug: string; name: string; count?: number }) => (
  <header class="topbar">
    <div class="wrap topbar-in">
      <Link href={paths.shop(slug)} class="topbar-name">
        {name}
      </Link>
      {count !== undefined && (
        <Link
          href={paths.cart(slug)}
          class="topbar-cart"
          aria-label={count ? `Cart, ${plural(count, 'item')}` : 'Cart, empty'}
        >
          {icons.cart()}
          {count > 0 && <span class="badge">{count}</span>}
        </Link>
      )}
    </div>
  </header>
);

/** The sticky bar at the bottom: "View cart · N items · ₦total". */
export const CartBar = ({ slug, count, total }: { slug: string; count: number; total: number }) =>
  count > 0 ? (
    <div class="cartbar">
      <div class="wrap">
        <Link href={paths.cart(slug)} class="cartbar-btn">
          <span class="cartbar-icon">{icons.cart()}</span>
          <span>View cart</span>
          <span class="cartbar-sep">·</span>
          <span>{plural(count, 'item')}</span>
          <span class="cartbar-sep">·</span>
          <strong>{formatMoney(total)}</strong>
        </Link>
      </div>
    </div>
  ) : null;

export const Money = ({ value }: { value: number }) => <span class="money">{formatMoney(value)}</span>;

/** A whole page saying something went wrong (or is missing), with a way on. */
export const Problem = ({
  title,
  message,
  action,
}: {
  title: string;
  message: string;
  action?: ComponentChildren;
}) => (
  <main class="wrap page problem">
    <div role="alert">
      <h1>{title}</h1>
      <p>{message}</p>
    </div>
    {action}
  </main>
);

export const Spinner = ({ label }: { label: string }) => (
  <div class="loading" role="status">
    <span class="spin" aria-hidden="true" />
    {label}
  </div>
);
