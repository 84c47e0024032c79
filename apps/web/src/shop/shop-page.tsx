/** @jsxImportSource preact */
import { useMemo, useState } from 'preact/hooks';
import type { Shop, ShopProduct } from '../../../../packages/contracts/src/online-store/shop';
import {
  addToCart,
  inStock,
  maxQuantity,
  priceRange,
  quantityInCart,
  stockNote,
  type CartLine,
} from './cart';
import { formatMoney, formatWhen } from './format';
import { paths } from './route';
import type { RememberedOrder } from './storage';
import { icons, Link, ProductImage } from './ui';

/** Units left of a product over its varieties (null: some not counted). */
const productAvailable = (p: ShopProduct): number | null => {
  if (!p.varieties.length) return p.available;
  let sum = 0;
  for (const v of p.varieties) {
    if (v.available === null) return null;
    sum += Math.max(0, v.available);
  }
  return sum;
};

const ProductCard = ({
  shop,
  product,
  lines,
  setLines,
}: {
  shop: Shop;
  product: ShopProduct;
  lines: CartLine[];
  setLines: (f: (l: CartLine[]) => CartLine[]) => void;
}) => {
  const { low, high } = priceRange(product);
  const available = productAvailable(product);
  const note = inStock(product) ? stockNote(available) : 'Out of stock';
  const out = !inStock(product);
  const href = paths.product(shop.slug, product._id);
  const max = maxQuantity(product.available);
  const inCart = quantityInCart(lines, product._id);
  // One tap from the list for a product sold as one item; a product with varieties opens its page.
  const quickAdd = !product.varieties.length && !out && inCart < max;
  return (
    <li class={`card pcard${out ? ' out' : ''}`}>
      <Link href={href} class="pcard-link">
        <span class="pcard-img">
          <ProductImage src={product.images[0]} name={product.name} />
          {note && <span class={`tag ${out ? 'tag-out' : 'tag-low'}`}>{note}</span>}
        </span>
        <span class="pcard-body">
          <span class="pcard-name">{product.name}</span>
          <span class="pcard-price">
            {low !== high && <small>From </small>}
            {formatMoney(low)}
          </span>
        </span>
      </Link>
      {quickAdd && (
        <button
          type="button"
          class="pcard-add"
          aria-label={`Add ${product.name} to cart`}
          onClick={() => setLines((l) => addToCart(l, { product_id: product._id }, 1, max))}
        >
          {icons.plus()}
        </button>
      )}
      {inCart > 0 && <span class="pcard-incart">{inCart} in cart</span>}
    </li>
  );
};

const YourOrders = ({
  slug,
  orders,
  timezone,
}: {
  slug: string;
  orders: RememberedOrder[];
  timezone: string;
}) => {
  const [all, setAll] = useState(false);
  if (!orders.length) return null;
  const shown = all ? orders : orders.slice(0, 3);
  return (
    <section class="card yourorders" aria-labelledby="your-orders">
      <h2 id="your-orders">Your orders</h2>
      <ul>
        {shown.map((o) => (
          <li key={o.token}>
            <Link href={paths.order(slug, o.token)}>
              <strong>Order {o.number || '…'}</strong>
              <span class="muted">
                {o.created_at ? formatWhen(o.created_at, timezone) : ''} · {formatMoney(o.total)}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {orders.length > 3 && !all && (
        <button type="button" class="btn-link" onClick={() => setAll(true)}>
          Show all {orders.length}
        </button>
      )}
    </section>
  );
};

/** `/shop/<slug>`: the shop, its categories and products. */
export const ShopPage = ({
  shop,
  lines,
  setLines,
  orders,
}: {
  shop: Shop;
  lines: CartLine[];
  setLines: (f: (l: CartLine[]) => CartLine[]) => void;
  orders: RememberedOrder[];
}) => {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<string | null>(null);
  const categories = useMemo(() => {
    const used = new Set(shop.products.map((p) => p.category_id));
    return shop.categories.filter((c) => used.has(c._id));
  }, [shop]);
  const q = query.trim().toLowerCase();
  const shown = shop.products.filter(
    (p) =>
      (!category || p.category_id === category) &&
      (!q || p.name.toLowerCase().includes(q) || (p.description ?? '').toLowerCase().includes(q)),
  );
  return (
    <main class="wrap page">
      <section class="hero">
        {shop.logo ? (
          <img class="hero-logo" src={shop.logo} alt="" width={64} height={64} />
        ) : (
          <span class="hero-logo hero-initial" aria-hidden="true">
            {shop.name.trim().charAt(0).toUpperCase()}
          </span>
        )}
        <div>
          <h1>{shop.name}</h1>
          {shop.about && <p class="hero-about">{shop.about}</p>}
        </div>
      </section>

      <YourOrders slug={shop.slug} orders={orders} timezone={shop.timezone} />

      <div class="filters">
        <label class="search">
          {icons.search()}
          <span class="sr-only">Search products</span>
          <input
            type="search"
            placeholder="Search products"
            value={query}
            onInput={(e) => setQuery(e.currentTarget.value)}
            enterKeyHint="search"
          />
        </label>
        {categories.length > 0 && (
          <div class="chips" role="group" aria-label="Categories">
            <button
              type="button"
              class="chip"
              aria-pressed={category === null}
              onClick={() => setCategory(null)}
            >
              All
            </button>
            {categories.map((c) => (
              <button
                key={c._id}
                type="button"
                class="chip"
                aria-pressed={category === c._id}
                onClick={() => setCategory(category === c._id ? null : c._id)}
              >
                {c.name}
              </button>
            ))}
          </div>
        )}
      </div>

      {shown.length ? (
        <ul class="grid" aria-label="Products">
          {shown.map((p) => (
            <ProductCard key={p._id} shop={shop} product={p} lines={lines} setLines={setLines} />
          ))}
        </ul>
      ) : (
        <p class="empty">
          {shop.products.length
            ? q
              ? `No products match “${query.trim()}”.`
              : 'No products in this category yet.'
            : 'This shop has no products on sale yet. Please check back soon.'}
        </p>
      )}

      {shop.phone && (
        <footer class="shopfoot">
          Questions? Call{' '}
          <a href={`tel:${shop.phone}`} class="nowrap">
            {shop.phone}
          </a>
        </footer>
      )}
    </main>
  );
};
