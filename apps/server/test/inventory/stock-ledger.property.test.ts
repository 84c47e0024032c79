import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HttpError } from '../../src/lib/errors.js';
import { newId } from '../../src/lib/ids.js';
import {
  acceptCount,
  cancelCount,
  enterCounts,
  startCount,
  submitCount,
} from '../../src/modules/inventory/counts.service.js';
import type { Caller } from '../../src/modules/inventory/inventory.shared.js';
import { adjustStock } from '../../src/modules/inventory/stock.service.js';
import {
  cancelTransfer,
  createTransfer,
  holdTransfer,
  receiveTransfer,
  releaseTransfer,
} from '../../src/modules/inventory/transfers.service.js';
import { createTestApp, signUp, type TestApp } from '../helper.js';
import { seedProduct, seedStore } from '../catalogue/fixtures.js';

/**
 * Random sequences of adjustments, transfers (send, partial receive, hold, release, cancel) and
 * counts (start, enter, submit, accept, cancel) over three stores and four items (two simple
 * products, two varieties), run through the services. A small model predicts which steps succeed
 * and what every level should be. After each sequence:
 *  (a) every stock level equals the sum of its movements;
 *  (b) per item, stock over all stores + quantity in transit (sent − received − returned) equals
 *      opening + added − removed + count corrections: transfers create and lose nothing;
 *  (c) every level and every transfer's status matches the model.
 */

type Item = { productId: string; varietyId: string | null; itemId: string; inCategory: boolean };
type Line = { item: number; quantity: number; received: number; returned: number };
type TransferModel = { id: string; from: number; to: number; status: string; lines: Line[] };
type CountModel = {
  id: string;
  store: number;
  status: string;
  items: number[];
  counted: Map<number, number>;
};

type Command =
  | { kind: 'adjust'; store: number; item: number; add: boolean; quantity: number }
  | { kind: 'send'; from: number; to: number; lines: { item: number; quantity: number }[] }
  | { kind: 'receive'; transfer: number; parts: { line: number; quantity: number }[] | null }
  | { kind: 'hold' | 'release' | 'cancel'; transfer: number }
  | { kind: 'countStart'; store: number; category: boolean }
  | { kind: 'countEnter'; count: number; entries: { item: number; counted: number }[] }
  | { kind: 'countSubmit' | 'countAccept' | 'countCancel'; count: number };

const STORES = 3;
const ITEMS = 4;
const store = fc.integer({ min: 0, max: STORES - 1 });
const item = fc.integer({ min: 0, max: ITEMS - 1 });
const pick = fc.nat({ max: 20 });

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant('adjust' as const),
      store,
      item,
      add: fc.boolean(),
      quantity: fc.integer({ min: 1, max: 6 }),
    }),
    weight: 3,
  },
  {
    arbitrary: fc
      .record({
        kind: fc.constant('send' as const),
        from: store,
        to: store,
        lines: fc.array(fc.record({ item, quantity: fc.integer({ min: 1, max: 5 }) }), {
          minLength: 1,
          maxLength: 3,
        }),
      })
      .filter((c) => c.from !== c.to),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('receive' as const),
      transfer: pick,
      parts: fc.option(
        fc.array(fc.record({ line: pick, quantity: fc.integer({ min: 1, max: 3 }) }), {
          minLength: 1,
          maxLength: 2,
        }),
        { nil: null },
      ),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constantFrom('hold' as const, 'release' as const, 'cancel' as const),
      transfer: pick,
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('countStart' as const), store, category: fc.boolean() }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('countEnter' as const),
      count: pick,
      entries: fc.array(fc.record({ item: pick, counted: fc.integer({ min: 0, max: 15 }) }), {
        minLength: 1,
        maxLength: 3,
      }),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constantFrom('countSubmit' as const, 'countAccept' as const, 'countCancel' as const),
      count: pick,
    }),
    weight: 2,
  },
);

/** One of the three newest: steps mostly act on recent records, which are still open. */
const recent = <T>(list: T[], pick: number): T => list[list.length - 1 - (pick % Math.min(list.length, 3))]!;

let t: TestApp;
let caller: Caller;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await signUp(t);
  caller = {
    businessId: owner.businessId,
    userId: owner.userId,
    isAdmin: true,
    storeIds: [],
    permissions: new Set(),
  };
});
afterAll(async () => t?.close());

/** Runs `step`; true when it succeeded, false when it was refused with 409 (anything else fails the test). */
const attempt = async (step: () => Promise<unknown>): Promise<boolean> => {
  try {
    await step();
    return true;
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 409) return false;
    throw err;
  }
};

const runSequence = async (commands: Command[]) => {
  const b = caller.businessId;
  // Fresh stores and items for every sequence, so sequences do not see each other.
  const stores = [
    await seedStore(t, b, `A ${newId()}`),
    await seedStore(t, b, `B ${newId()}`),
    await seedStore(t, b, `C ${newId()}`),
  ];
  const categoryId = newId();
  await t.db
    .insertInto('categories')
    .values({ business_id: b, id: categoryId, name: `Cat ${categoryId}`, parent_id: null })
    .execute();
  const opening = [
    [12, 8, 5],
    [0, 10, 6],
    [8, 4, 6],
    [8, 4, 6],
  ];
  const [s0, s1, s2] = stores as [string, string, string];
  const a = await seedProduct(t, b, { name: 'Alpha', categoryId, stock: { [s0]: 12, [s1]: 8, [s2]: 5 } });
  const bravo = await seedProduct(t, b, { name: 'Bravo', stock: { [s1]: 10, [s2]: 6 } });
  const v = await seedProduct(t, b, {
    name: 'Vee',
    categoryId,
    varieties: ['S', 'M'],
    stock: { [s0]: 8, [s1]: 4, [s2]: 6 },
  });
  const items: Item[] = [
    { productId: a.productId, varietyId: null, itemId: a.productId, inCategory: true },
    { productId: bravo.productId, varietyId: null, itemId: bravo.productId, inCategory: false },
    { productId: v.productId, varietyId: v.varietyIds[0]!, itemId: v.varietyIds[0]!, inCategory: true },
    { productId: v.productId, varietyId: v.varietyIds[1]!, itemId: v.varietyIds[1]!, inCategory: true },
  ];

  // The model.
  const level = opening.map((row) => [...row]); // level[item][store]
  const added = [0, 0, 0, 0];
  const removed = [0, 0, 0, 0];
  const corrections = [0, 0, 0, 0];
  const transfers: TransferModel[] = [];
  const counts: CountModel[] = [];
  const outstanding = (l: Line) => l.quantity - l.received - l.returned;

  for (const c of commands) {
    switch (c.kind) {
      case 'adjust': {
        const it = items[c.item]!;
        const ok = await attempt(() =>
          adjustStock(t.db, caller, {
            store_id: stores[c.store]!,
            type: c.add ? 'add' : 'remove',
            reason: c.add ? 'received' : 'damaged',
            items: [{ product_id: it.productId, variety_id: it.varietyId, quantity: c.quantity }],
          }),
        );
        const expected = c.add || level[c.item]![c.store]! >= c.quantity;
        expect(ok, JSON.stringify(c)).toBe(expected);
        if (ok) {
          level[c.item]![c.store]! += c.add ? c.quantity : -c.quantity;
          if (c.add) added[c.item]! += c.quantity;
          else removed[c.item]! += c.quantity;
        }
        break;
      }
      case 'send': {
        const merged = new Map<number, number>();
        for (const l of c.lines) merged.set(l.item, (merged.get(l.item) ?? 0) + l.quantity);
        const expected = [...merged].every(([i, q]) => level[i]![c.from]! >= q);
        let id = '';
        const ok = await attempt(async () => {
          const created = await createTransfer(
            t.db,
            caller,
            {
              from_store_id: stores[c.from]!,
              to_store_id: stores[c.to]!,
              items: c.lines.map((l) => ({
                product_id: items[l.item]!.productId,
                variety_id: items[l.item]!.varietyId,
                quantity: l.quantity,
              })),
            },
            { receive: false },
          );
          id = created.id;
        });
        expect(ok, JSON.stringify(c)).toBe(expected);
        if (ok) {
          for (const [i, q] of merged) level[i]![c.from]! -= q;
          transfers.push({
            id,
            from: c.from,
            to: c.to,
            status: 'in_transit',
            lines: [...merged].map(([i, q]) => ({ item: i, quantity: q, received: 0, returned: 0 })),
          });
        }
        break;
      }
      case 'receive': {
        if (transfers.length === 0) break;
        const tr = recent(transfers, c.transfer);
        const wanted = new Map<number, number>();
        if (c.parts)
          for (const p of c.parts) {
            const line = p.line % tr.lines.length;
            wanted.set(line, (wanted.get(line) ?? 0) + p.quantity);
          }
        else tr.lines.forEach((l, i) => outstanding(l) > 0 && wanted.set(i, outstanding(l)));
        const expected =
          (tr.status === 'in_transit' || tr.status === 'partially_received') &&
          [...wanted].every(([i, q]) => q <= outstanding(tr.lines[i]!));
        const ok = await attempt(() =>
          receiveTransfer(t.db, caller, {
            id: tr.id,
            items: c.parts
              ? c.parts.map((p) => ({
                  item_id: items[tr.lines[p.line % tr.lines.length]!.item]!.itemId,
                  quantity: p.quantity,
                }))
              : undefined,
          }),
        );
        expect(ok, JSON.stringify({ c, tr })).toBe(expected);
        if (ok) {
          for (const [i, q] of wanted) {
            tr.lines[i]!.received += q;
            level[tr.lines[i]!.item]![tr.to]! += q;
          }
          tr.status = tr.lines.every((l) => outstanding(l) === 0) ? 'received' : 'partially_received';
        }
        break;
      }
      case 'hold':
      case 'release':
      case 'cancel': {
        if (transfers.length === 0) break;
        const tr = recent(transfers, c.transfer);
        const run = { hold: holdTransfer, release: releaseTransfer, cancel: cancelTransfer }[c.kind];
        const expected =
          c.kind === 'hold'
            ? tr.status === 'in_transit' || tr.status === 'partially_received'
            : c.kind === 'release'
              ? tr.status === 'on_hold'
              : tr.status !== 'received' && tr.status !== 'cancelled';
        const ok = await attempt(() => run(t.db, caller, tr.id));
        expect(ok, JSON.stringify({ c, tr })).toBe(expected);
        if (ok) {
          if (c.kind === 'hold') tr.status = 'on_hold';
          else if (c.kind === 'release')
            tr.status = tr.lines.some((l) => l.received > 0) ? 'partially_received' : 'in_transit';
          else {
            for (const l of tr.lines) {
              level[l.item]![tr.from]! += outstanding(l);
              l.returned += outstanding(l);
            }
            tr.status = 'cancelled';
          }
        }
        break;
      }
      case 'countStart': {
        const started = await startCount(t.db, caller, {
          store_id: stores[c.store]!,
          scope: c.category ? 'category' : 'store',
          category_id: c.category ? categoryId : null,
        });
        const scope = items.flatMap((it, i) => (!c.category || it.inCategory ? [i] : []));
        // Expected quantities are a snapshot of the levels now.
        for (const i of scope)
          expect(started.items.find((x) => x.item_id === items[i]!.itemId)?.expected).toBe(
            level[i]![c.store],
          );
        expect(started.items.filter((x) => scope.some((i) => items[i]!.itemId === x.item_id))).toHaveLength(
          scope.length,
        );
        counts.push({
          id: started.id,
          store: c.store,
          status: 'in_progress',
          items: scope,
          counted: new Map(),
        });
        break;
      }
      case 'countEnter': {
        if (counts.length === 0) break;
        const count = recent(counts, c.count);
        const entries = c.entries.map((e) => ({
          item: count.items[e.item % count.items.length]!,
          counted: e.counted,
        }));
        const ok = await attempt(() =>
          enterCounts(t.db, caller, count.id, {
            items: entries.map((e) => ({ item_id: items[e.item]!.itemId, counted: e.counted })),
          }),
        );
        expect(ok, JSON.stringify(c)).toBe(count.status === 'in_progress');
        if (ok) for (const e of entries) count.counted.set(e.item, e.counted);
        break;
      }
      case 'countSubmit':
      case 'countAccept':
      case 'countCancel': {
        if (counts.length === 0) break;
        const count = recent(counts, c.count);
        if (c.kind === 'countAccept' && count.status === 'in_progress') {
          // Accepting from the count screen submits first.
          const submitted = await attempt(() => submitCount(t.db, caller, count.id));
          expect(submitted, 'submit before accept').toBe(count.counted.size > 0);
          if (submitted) count.status = 'submitted';
        }
        const run = { countSubmit: submitCount, countAccept: acceptCount, countCancel: cancelCount }[c.kind];
        const expected =
          c.kind === 'countSubmit'
            ? count.status === 'in_progress' && count.counted.size > 0
            : c.kind === 'countAccept'
              ? count.status === 'submitted'
              : count.status === 'in_progress' || count.status === 'submitted';
        const ok = await attempt(() => run(t.db, caller, count.id));
        expect(ok, JSON.stringify({ c, status: count.status })).toBe(expected);
        if (ok) {
          if (c.kind === 'countSubmit') count.status = 'submitted';
          else if (c.kind === 'countCancel') count.status = 'cancelled';
          else {
            for (const [i, counted] of count.counted) {
              corrections[i]! += counted - level[i]![count.store]!;
              level[i]![count.store] = counted;
            }
            count.status = 'completed';
          }
        }
        break;
      }
    }
  }

  // (a) every level of the business equals the sum of its movements.
  const drift = await t.db
    .selectFrom('stock_levels as l')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('stock_movements')
          .select(['store_id', 'item_id', (e) => e.fn.sum<number>('quantity').as('total')])
          .where('business_id', '=', b)
          .groupBy(['store_id', 'item_id'])
          .as('m'),
      (j) => j.onRef('m.store_id', '=', 'l.store_id').onRef('m.item_id', '=', 'l.item_id'),
    )
    .select(['l.store_id', 'l.item_id', 'l.quantity', 'm.total'])
    .where('l.business_id', '=', b)
    .execute();
  for (const row of drift) expect(Number(row.total ?? 0), JSON.stringify(row)).toBe(row.quantity);

  // (b) per item: stores + in transit = opening + added − removed + count corrections.
  const levels = await t.db
    .selectFrom('stock_levels')
    .select(['store_id', 'item_id', 'quantity'])
    .where('business_id', '=', b)
    .where('store_id', 'in', stores)
    .execute();
  const lines = await t.db
    .selectFrom('transfer_items as i')
    .innerJoin('transfers as tr', (j) =>
      j.onRef('tr.business_id', '=', 'i.business_id').onRef('tr.id', '=', 'i.transfer_id'),
    )
    .select(['i.item_id', 'i.quantity', 'i.received_quantity', 'i.returned_quantity'])
    .where('i.business_id', '=', b)
    .where('tr.from_store_id', 'in', stores)
    .execute();
  items.forEach((it, i) => {
    const inStores = levels.filter((l) => l.item_id === it.itemId).reduce((s, l) => s + l.quantity, 0);
    const inTransit = lines
      .filter((l) => l.item_id === it.itemId)
      .reduce((s, l) => s + l.quantity - l.received_quantity - l.returned_quantity, 0);
    const openingTotal = opening[i]!.reduce((s, q) => s + q, 0);
    expect(inStores + inTransit, `item ${i}`).toBe(openingTotal + added[i]! - removed[i]! + corrections[i]!);
  });

  // (c) levels and transfer states match the model.
  items.forEach((it, i) =>
    stores.forEach((s, si) => {
      const actual = levels.find((l) => l.item_id === it.itemId && l.store_id === s)?.quantity ?? 0;
      expect(actual, `item ${i} store ${si}`).toBe(level[i]![si]);
    }),
  );
  if (transfers.length) {
    const states = await t.db
      .selectFrom('transfers')
      .select(['id', 'status'])
      .where('business_id', '=', b)
      .where(
        'id',
        'in',
        transfers.map((x) => x.id),
      )
      .execute();
    for (const tr of transfers) expect(states.find((s) => s.id === tr.id)?.status).toBe(tr.status);
  }
};

it('keeps the ledger consistent and transfers conserve stock', { timeout: 120_000 }, async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(command, { minLength: 10, maxLength: 30, size: 'max' }), async (commands) => {
      await runSequence(commands);
    }),
    { numRuns: 30, endOnFailure: true },
  );
});
