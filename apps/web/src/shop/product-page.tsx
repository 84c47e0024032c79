/** @jsxImportSource preact */
import { useEffect, useState } from 'preact/hooks';
import type { Shop, ShopProduct } from '../../../../packages/contracts/src/online-store/shop';
import {
  addToCart,
  availableOf,
  lineKey,
  maxQuantity,
  priceRange,
  quantityInCart,
  stockNote,
  type CartLine,
  type ShopVariety,
} from './cart';
import { formatMoney } from './format';
import { paths } from './route';
import { icons, Link, ProductImage } from './ui';

const firstAvailable = (p: ShopProduct): ShopVariety | null =>
  p.varieties.find((v) => v.available === null || v.available > 0) ?? p.varieties[0] ?? null;

const Gallery = ({ product }: { product: ShopProduct }) => {
  const [shown, setShown] = useState(0);
  const images = product.images;
  return (
    <div class="gallery">
      <div class="gallery-main">
        <ProductImage src={images[shown] ?? images[0]} name={product.name} eager />
      </div>
      {images.length > 1 && (
        <div class="thumbs" role="group" aria-label="Pictures">
          {images.map((src, i) => (
            <button
              key={src}
              type="button"
              class="thumb"
              aria-pressed={i === shown}
              aria-label={`Picture ${i + 1} of ${images.length}`}
              onClick={() => setShown(i)}
            >
              <img src={src} alt="" loading="lazy" decoding="async" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
};

/** `/shop/<slug>/p/<productId>`: pictures, description, variety, quantity, Add to cart. */
export const ProductPage = ({
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
  const [varietyId, setVarietyId] = useState<string | null>(() => firstAvailable(product)?._id ?? null);
  const [quantity, setQuantity] = useState(1);
  const [added, setAdded] = useState<number | null>(null);
  const variety = product.varieties.find((v) => v._id === varietyId) ?? null;
  const needsVariety = product.varieties.length > 0;
  const item = { product_id: product._id, ...(variety ? { variety_id: variety._id } : {}) };
  const available = needsVariety && !variety ? 0 : availableOf(product, variety);
  const max = maxQuantity(available);
  const inCart = quantityInCart(lines, lineKey(item));
  const room = Math.max(0, max - inCart);
  const q = Math.min(Math.max(1, quantity), Math.max(1, room));
  const price = variety ? variety.price : product.price;
  const { low, high } = priceRange(product);
  const note = stockNote(available);

  useEffect(() => setAdded(null), [varietyId]);

  const add = () => {
    if (room <= 0) return;
    setLines((l) => addToCart(l, item, q, max));
    setAdded(q);
    setQuantity(1);
  };

  return (
    <main class="wrap page">
      <Link href={paths.shop(shop.slug)} class="backlink">
        {icons.back()} All products
      </Link>
      <div class="pdetail">
        <Gallery product={product} />
        <div class="pinfo">
          <h1>{product.name}</h1>
          <p class="pprice">
            {needsVariety && !variety && low !== high ? `From ${formatMoney(low)}` : formatMoney(price)}
          </p>
          {note && <p class={available === 0 ? 'stock stock-out' : 'stock stock-low'}>{note}</p>}

          {needsVariety && (
            <fieldset class="varieties">
              <legend>Choose an option</legend>
              <div class="chips">
                {product.varieties.map((v) => {
                  const out = v.available !== null && v.available <= 0;
                  return (
                    <label key={v._id} class={`chip chip-radio${out ? ' chip-out' : ''}`}>
                      <input
                        type="radio"
                        name="variety"
                        value={v._id}
                        checked={varietyId === v._id}
                        onChange={() => {
                          setVarietyId(v._id);
                          setQuantity(1);
                        }}
                      />
                      <span>
                        {v.name}
                        {low !== high && <small> · {formatMoney(v.price)}</small>}
                        {out && <small> · sold out</small>}
                      </span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          )}

          <div class="buy">
            <div class="stepper" role="group" aria-label="Quantity">
              <button
                type="button"
                aria-label="Decrease quantity"
                disabled={q <= 1}
                onClick={() => setQuantity(q - 1)}
              >
                {icons.minus()}
              </button>
              <output aria-live="polite">{q}</output>
              <button
                type="button"
                aria-label="Increase quantity"
                disabled={q >= room}
                onClick={() => setQuantity(q + 1)}
              >
                {icons.plus()}
              </button>
            </div>
            <button type="button" class="btn btn-primary btn-grow" disabled={room <= 0} onClick={add}>
              {available === 0 ? 'Out of stock' : room <= 0 ? 'All in your cart' : 'Add to cart'}
            </button>
          </div>
          {room <= 0 && available !== 0 && inCart > 0 && (
            <p class="muted small">You have all {inCart} the shop has in your cart.</p>
          )}
          {added !== null && (
            <p class="added" role="status">
              {icons.check()} Added {added} to your cart. <Link href={paths.cart(shop.slug)}>View cart</Link>
            </p>
          )}

          {product.description && <div class="pdesc">{product.description}</div>}
        </div>
      </div>
    </main>
  );
};
