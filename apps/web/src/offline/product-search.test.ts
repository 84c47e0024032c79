import { afterEach, describe, expect, it } from 'vitest';
import type { Product } from '@ms/contracts';
import { businessDb, closeBusinessDb } from './db';
import { disposeLocalIndexes, localIndex } from './local-index';
import {
  findLocalProductByCode,
  hasLocalProducts,
  productEntry,
  searchLocalProducts,
  settleProductSearch,
} from './product-search';
import { SearchIndex } from './search-index';

const product = (over: Partial<Product> & { name: string }): Product => ({
  _id: over._id ?? `p-${over.name.toLowerCase().replace(/\W+/g, '-')}`,
  id: '',
  business_id: 'b',
  sku: null,
  barcode: null,
  description: null,
  images: [],
  product_type: 'simple',
  variation: false,
  cost_price: 0,
  selling_price: 100,
  category_id: null,
  subcategory_id: null,
  tags: [],
  modifiers: [],
  options: [],
  varieties: [],
  track_stock: true,
  low_stock_threshold: 0,
  stock: 5,
  store_stock: [{ store_id: 's1', stock: 5 }],
  wc_sync_status: null,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

const catalogue = [
  product({ name: 'Coca-Cola 50cl', sku: 'COKE-50', barcode: '5449000000996', category_id: 'drinks' }),
  product({ name: 'Diet Coke', category_id: 'drinks' }),
  product({ name: 'Peak Milk Tin', barcode: '8712000000011', category_id: 'dairy' }),
  product({ name: 'Indomie Chicken', category_id: 'food' }),
  product({ name: 'Coconut Oil', category_id: 'food' }),
  product({
    name: 'Ankara Shirt',
    product_type: 'variable',
    varieties: [
      {
        _id: 'v-s',
        name: 'Small',
        option_values: { Size: 'S' },
        sku: 'ANK-S',
        barcode: '2000000000015',
        cost_price: 0,
        selling_price: 5000,
        stock: 2,
        store_stock: [{ store_id: 's1', stock: 2 }],
      },
    ],
  }),
];

const names = (ids: string[], all = catalogue) => ids.map((id) => all.find((p) => p._id === id)!.name);

const indexOf = (list: Product[]) => {
  const idx = new SearchIndex();
  idx.upsert(list.map(productEntry));
  return idx;
};

describe('product search index', () => {
  it('ranks names that start with the text, then a word that starts with it, then the rest', () => {
    const idx = indexOf(catalogue);
    const r = idx.search({ text: 'co' });
    expect(names(r.ids)).toEqual(['Coca-Cola 50cl', 'Coconut Oil', 'Diet Coke']);
    expect(r.total).toBe(3);
  });

  it('is case-insensitive, finds SKU and barcode text, and an exact code comes first', () => {
    const idx = indexOf(catalogue);
    expect(names(idx.search({ text: 'PEAK' }).ids)).toEqual(['Peak Milk Tin']);
    expect(names(idx.search({ text: 'coke-50' }).ids)).toEqual(['Coca-Cola 50cl']);
    expect(names(idx.search({ text: '8712000000011' }).ids)).toEqual(['Peak Milk Tin']);
    expect(names(idx.search({ text: 'ank-s' }).ids)).toEqual(['Ankara Shirt']);
  });

  it('finds every word of a query in any order, and a variety by its name', () => {
    const idx = indexOf(catalogue);
    expect(names(idx.search({ text: 'chicken indomie' }).ids)).toEqual(['Indomie Chicken']);
    expect(names(idx.search({ text: 'small' }).ids)).toEqual(['Ankara Shirt']);
  });

  it('filters by category and lists everything in name order when the text is empty', () => {
    const idx = indexOf(catalogue);
    expect(names(idx.search({ text: '', tag: 'drinks' }).ids)).toEqual(['Coca-Cola 50cl', 'Diet Coke']);
    expect(names(idx.search({ text: 'co', tag: 'food' }).ids)).toEqual(['Coconut Oil']);
    const all = idx.search({ text: '', limit: 3 });
    expect(names(all.ids)).toEqual(['Ankara Shirt', 'Coca-Cola 50cl', 'Coconut Oil']);
    expect(all.total).toBe(6);
  });

  it('looks up a barcode or SKU exactly, naming the variety', () => {
    const idx = indexOf(catalogue);
    expect(idx.byCode('5449000000996')).toEqual([{ id: 'p-coca-cola-50cl', sub: null }]);
    expect(idx.byCode('ank-s')).toEqual([{ id: 'p-ankara-shirt', sub: 'v-s' }]);
    expect(idx.byCode('54490000009')).toEqual([]);
  });

  it('narrowing keystroke by keystroke gives the same answers as a fresh search', () => {
    const idx = indexOf(catalogue);
    for (const text of ['c', 'co', 'coc', 'coco', 'c', 'd', 'di', 'die']) {
      const fromScratch = indexOf(catalogue).search({ text });
      expect(idx.search({ text })).toEqual(fromScratch);
    }
  });

  it('answers the one-letter searches ahead with what they would answer, until the index changes', () => {
    const idx = indexOf(catalogue);
    idx.answerFirstKeys(2);
    for (const text of ['c', 'o', 'k', '5', 'C'])
      expect(idx.search({ text, limit: 2 })).toEqual(indexOf(catalogue).search({ text, limit: 2 }));
    idx.upsert([productEntry(product({ name: 'Cabbage' }))]);
    expect(
      names(idx.search({ text: 'c', limit: 2 }).ids, [...catalogue, product({ name: 'Cabbage' })]),
    ).toEqual(['Cabbage', 'Coca-Cola 50cl']);
  });

  it('takes renamed, new and removed products into account', () => {
    const idx = indexOf(catalogue);
    expect(idx.search({ text: 'co' }).total).toBe(3);
    idx.upsert([
      productEntry({ ...catalogue[1]!, name: 'Diet Pepsi' }),
      productEntry(product({ name: 'Cocoa Powder', barcode: '111' })),
    ]);
    idx.remove(['p-coconut-oil']);
    const list = [...catalogue, product({ name: 'Cocoa Powder' })];
    expect(idx.search({ text: 'co' }).ids.map((id) => list.find((p) => p._id === id)!.name)).toEqual([
      'Coca-Cola 50cl',
      'Cocoa Powder',
    ]);
    expect(idx.byCode('111')).toHaveLength(1);
    expect(idx.size).toBe(6);
  });
});

describe('local product search (IndexedDB)', () => {
  const b = 'b-search';
  afterEach(async () => {
    disposeLocalIndexes();
    await businessDb(b).delete();
    closeBusinessDb();
  });

  it('reads the downloaded products and follows later writes to the table', async () => {
    const db = businessDb(b);
    expect(await hasLocalProducts(b)).toBe(false);
    await db.data('products').bulkPut(catalogue);
    await db
      .meta('products')
      .put({ modulename: 'products', businessID: b, lastUpdate: 1, syncStatus: 'synced', totalRecords: 6 });
    expect(await hasLocalProducts(b)).toBe(true);

    const page = await searchLocalProducts(b, { search: 'coke' });
    expect(page.items.map((p) => p.name)).toEqual(['Diet Coke', 'Coca-Cola 50cl']);

    // A merged page renames one product and removes another.
    await db.data('products').put({ ...catalogue[1]!, name: 'Zobo Drink' });
    await db.data('products').delete('p-coca-cola-50cl');
    await settleProductSearch(b);
    expect((await searchLocalProducts(b, { search: 'coke' })).items).toEqual([]);
    expect((await searchLocalProducts(b, { search: 'zobo' })).items.map((p) => p._id)).toEqual([
      'p-diet-coke',
    ]);

    // Stock lowered locally is what the next search returns.
    await db.data('products').update('p-peak-milk-tin', { store_stock: [{ store_id: 's1', stock: 1 }] });
    const [peak] = (await searchLocalProducts(b, { search: 'peak' })).items;
    expect(peak!.store_stock).toEqual([{ store_id: 's1', stock: 1 }]);

    expect(await findLocalProductByCode(b, '2000000000015')).toMatchObject({
      product: { name: 'Ankara Shirt' },
      variety_id: 'v-s',
    });
    expect(await findLocalProductByCode(b, 'nope')).toBeNull();

    await db.data('products').clear();
    await settleProductSearch(b);
    expect((await searchLocalProducts(b, { search: '' })).total).toBe(0);
  });

  /** n products named "item 00000" … with ids in another order than the names. */
  const many = (n: number) =>
    Array.from({ length: n }, (_, i) =>
      product({
        _id: `k${String((i * 7919) % n).padStart(5, '0')}`,
        name: `Item ${String(i).padStart(5, '0')}`,
      }),
    );
  /** The index's size each time the page got its main thread back, until `done` settles. */
  const sizesSeenWhile = async (done: Promise<unknown>, size: () => number) => {
    const seen: number[] = [];
    let over = false;
    void done.finally(() => (over = true));
    while (!over) {
      seen.push(size());
      await new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          channel.port1.close();
          resolve();
        };
        channel.port2.postMessage(null);
      });
    }
    return seen;
  };

  it('indexes a large catalogue a slice at a time, giving the page back in between, and finds every product', async () => {
    const db = businessDb(b);
    const list = many(12_000);
    await db.data('products').bulkPut(list);
    await db.meta('products').put({
      modulename: 'products',
      businessID: b,
      lastUpdate: 1,
      syncStatus: 'synced',
      totalRecords: 12_000,
    });
    const idx = localIndex(b, 'products', productEntry);
    const seen = await sizesSeenWhile(idx.ready(), () => idx.index.size);
    // The page ran between slices: it saw the index part built (one task would show 0, then 12,000).
    expect(seen.some((n) => n > 0 && n < 12_000)).toBe(true);
    expect(idx.index.size).toBe(12_000);
    const page = await searchLocalProducts(b, { search: '', limit: 3 });
    expect(page.total).toBe(12_000);
    expect(page.items.map((p) => p.name)).toEqual(['Item 00000', 'Item 00001', 'Item 00002']);
    expect((await searchLocalProducts(b, { search: '11999' })).items.map((p) => p.name)).toEqual([
      'Item 11999',
    ]);
  });

  /** The till opened before the first download: the index starts empty and follows the table. */
  const tillOpenedBeforeFirstDownload = async (typed: string) => {
    const db = businessDb(b);
    await db
      .meta('products')
      .put({ modulename: 'products', businessID: b, lastUpdate: 0, syncStatus: 'syncing' });
    expect((await searchLocalProducts(b, { search: typed })).total).toBe(0);
    return db;
  };

  it('a search typed while the first download is being indexed waits for the whole catalogue', async () => {
    const db = await tillOpenedBeforeFirstDownload('item');
    await db.data('products').bulkPut(many(11_000));
    await db.meta('products').put({
      modulename: 'products',
      businessID: b,
      lastUpdate: 5,
      syncStatus: 'synced',
      totalRecords: 11_000,
    });
    const idx = localIndex(b, 'products', productEntry);
    // The download's end wakes the index; a keystroke lands while it is part built.
    while (idx.index.size === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    expect(idx.index.size).toBeLessThan(11_000);
    const typed = await searchLocalProducts(b, { search: 'item' });
    expect(typed.total).toBe(11_000);
    expect(idx.index.size).toBe(11_000);
  });

  it('a barcode scanned the moment the first download ends is found (before the index has heard of it)', async () => {
    const db = await tillOpenedBeforeFirstDownload('coca');
    await db.transaction('rw', [db.data('products'), db.meta('products')], async () => {
      await db.data('products').bulkPut(catalogue);
      await db.meta('products').put({
        modulename: 'products',
        businessID: b,
        lastUpdate: 5,
        syncStatus: 'synced',
        totalRecords: catalogue.length,
      });
    });
    // At once: the device says the products are here, so the till looks the code up locally.
    expect(await hasLocalProducts(b)).toBe(true);
    expect(await findLocalProductByCode(b, '5449000000996')).toMatchObject({
      product: { name: 'Coca-Cola 50cl' },
      variety_id: null,
    });
    expect((await searchLocalProducts(b, { search: '5449000000996' })).items.map((p) => p.name)).toEqual([
      'Coca-Cola 50cl',
    ]);
  });

  it('never shows a record stored wrongly (spec 000 §3: a syncStatus field, or Request and lastUpdate)', async () => {
    const db = businessDb(b);
    await db
      .data('products')
      .bulkPut([
        catalogue[0]!,
        { ...product({ name: 'Coke status' }), syncStatus: 'pending' } as Product,
        { ...product({ name: 'Coke request' }), Request: {}, lastUpdate: 5 } as Product,
      ]);
    const found = await searchLocalProducts(b, { search: 'coke' });
    expect(found.items.map((p) => p.name)).toEqual(['Coca-Cola 50cl']);
  });
});

/**
 * What search should answer, worked out the slow, obvious way: every entry ranked, all the matches
 * sorted by rank then display order, the first `limit` kept.
 */
const reference = (list: Product[], text: string, tag: string | null, limit: number) => {
  const q = text.trim().toLowerCase().replace(/\s+/g, ' ');
  const words = q.split(' ').filter(Boolean);
  const rows = list
    .map(productEntry)
    .filter((e) => tag === null || e.tags.includes(tag))
    .filter((e) => !q || e.hay.includes(q) || (words.length > 1 && words.every((w) => e.hay.includes(w))))
    .map((e) => {
      const at = e.hay.indexOf(q);
      const wordStart = [...e.name.matchAll(/[\s\-_/.,()&+]/g)].some((m) =>
        e.name.startsWith(q, m.index! + 1),
      );
      const rank = !q
        ? 1
        : e.codes.some((c) => c.code === q)
          ? 0
          : at < 0
            ? 5
            : at + q.length > e.name.length
              ? 4
              : at === 0
                ? 1
                : wordStart
                  ? 2
                  : 3;
      return { e, rank };
    })
    .sort(
      (a, b) =>
        a.rank - b.rank || (a.e.sort < b.e.sort ? -1 : a.e.sort > b.e.sort ? 1 : a.e.id < b.e.id ? -1 : 1),
    );
  return { ids: rows.slice(0, limit).map((r) => r.e.id), total: rows.length };
};

/** A small deterministic random source (the same cases on every run). */
const randomSource = (start: number) => {
  let seed = start;
  return (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
};

/** mulberry32: 32-bit state kept exact (integer multiplications), the same cases on every run. */
const mulberry = (start: number) => {
  let a = start >>> 0;
  return (n: number) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n) | 0;
  };
};

describe('search index against a plain reference', () => {
  const vocabulary = ['rice', 'beans', 'rice-cake', 'oil', 'palm', 'ice', 'mice', 'coke', 'coconut', 'cola'];
  const rnd = randomSource(7);
  const word = () => vocabulary[rnd(vocabulary.length)]!;
  const list = Array.from({ length: 300 }, (_, i) =>
    product({
      _id: `p${String(i).padStart(3, '0')}`,
      name: `${word()} ${word()}${rnd(3) ? '' : ` ${word()}`}`,
      sku: rnd(4) ? null : `${word()}-${i}`,
      barcode: rnd(3) ? null : String(1000 + rnd(50)),
      category_id: `c${rnd(3)}`,
    }),
  );

  it('gives the same answer, keystroke after keystroke, with and without a category', () => {
    const idx = indexOf(list);
    const typed = [
      'rice cake',
      'co',
      'coc',
      'coconut',
      'ice',
      'oil palm',
      'palm o',
      '10',
      '1012',
      'cola-',
      'x',
    ];
    for (const tag of [null, 'c1'])
      for (const text of typed)
        for (let n = 1; n <= text.length; n++) {
          const q = text.slice(0, n);
          expect(idx.search({ text: q, tag, limit: 12 }), `${q} in ${tag}`).toEqual(
            reference(list, q, tag, 12),
          );
        }
  });
});

describe('the bounded top-k selection against ranking and sorting every match', () => {
  // Long words (more than 6 letters: looked for by their head), words inside words, repeated
  // words, word breaks of every kind, so every rank and every path of a search is met.
  const vocabulary = [
    'milk',
    'milkmilk',
    'semovita',
    'vita',
    'peak',
    'speak',
    'golden',
    'goldenrod',
    'penny',
    'spaghetti',
    'sardines',
    'oil',
    'soil',
    'tin',
    '5kg',
    'kg',
    'a',
  ];
  const breaks = [' ', '-', '_', '/', '.', ',', '(', ')', '&', '+', ''];
  const rnd = mulberry(11);
  const pick = <T>(xs: readonly T[]) => xs[rnd(xs.length)]!;
  const nameOf = () =>
    Array.from({ length: 1 + rnd(4) }, () => pick(vocabulary)).reduce((a, w) => `${a}${pick(breaks)}${w}`);
  const cased = (s: string) => (rnd(2) ? s.toUpperCase() : s);
  const list = Array.from({ length: 400 }, (_, i) => {
    const name = nameOf();
    return product({
      // Ids out of name order, and some names twice: ties are broken by id.
      _id: `p${String((i * 7919) % 400).padStart(3, '0')}`,
      name: cased(rnd(8) ? name : 'milk tin'),
      sku: rnd(3) ? null : `${pick(vocabulary)}-${rnd(40)}`,
      barcode: rnd(3) ? null : `61500${rnd(60)}`,
      category_id: `c${rnd(3)}`,
      varieties: rnd(6)
        ? []
        : [
            {
              _id: `v${i}`,
              name: nameOf(),
              option_values: {},
              sku: rnd(2) ? null : `v-${pick(vocabulary)}`,
              barcode: null,
              cost_price: 0,
              selling_price: 1,
              stock: 1,
              store_stock: [],
            },
          ],
    });
  });
  const queries = () => {
    const r = rnd(6);
    const some = list[rnd(list.length)]!;
    if (r === 0) return some.name.slice(0, 1 + rnd(some.name.length)); // a name's start
    if (r === 1) {
      const from = rnd(some.name.length);
      return some.name.slice(from, from + 1 + rnd(8)); // a piece of a name
    }
    if (r === 2) return `${pick(vocabulary)} ${pick(vocabulary).slice(0, 1 + rnd(4))}`; // several words
    if (r === 3) return some.sku ?? some.barcode ?? pick(vocabulary); // a whole code
    if (r === 4) return pick(vocabulary).slice(0, 1 + rnd(3)); // one or two letters
    return `${pick(breaks)}${pick(vocabulary)}`;
  };

  it('returns the same results in the same order, and the same total, as a full sort', () => {
    const idx = indexOf(list);
    for (let round = 0; round < 300; round++) {
      const text = queries();
      const tag = rnd(3) ? null : `c${rnd(3)}`;
      const limit = pick([1, 3, 12, 40, 1000]);
      // Typed letter by letter (each keystroke narrows the last one's matches), or all at once.
      const steps = rnd(2) ? Array.from(text, (_, k) => text.slice(0, k + 1)) : [text];
      for (const q of steps)
        expect(idx.search({ text: q, tag, limit }), `${JSON.stringify(q)} in ${tag}, ${limit}`).toEqual(
          reference(list, q, tag, limit),
        );
    }
  }, 30_000); // 300 rounds of ranking and sorting: CPU-bound, seconds on a busy 2-core machine
});
