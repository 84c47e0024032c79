/**
 * The in-memory search index behind product and customer search-as-you-type (issue 5: "the same
 * speed as online" over 100,000 records). It holds only what search needs (lowercased text, exact
 * codes, filter keys), never the records themselves: screens read the few records a search returns
 * from the local database, so a phone keeps the index, not the whole catalogue, in memory.
 *
 * Entries are kept in display order (by sort key, then id), and their text in one long string (the
 * scan text) with where each entry and its name end. A search finds matches with the engine's fast
 * substring search over that string and ranks them from the match position alone, touching an
 * entry only to return it: each rank bucket stays in display order, so the answer is ranked, then
 * sorted, without sorting. Typing one more character searches only the previous matches.
 */
export type IndexEntry = {
  id: string;
  /** Display order (lowercased name). */
  sort: string;
  /** Lowercased name: rank 1 (starts with) and 2 (a word starts with). */
  name: string;
  /** Everything searchable, lowercased, joined by "\u0001" (name first). */
  hay: string;
  /** Exact codes (lowercased): an equal query ranks first and `byCode` finds them. */
  codes: { code: string; sub: string | null }[];
  /** Values a filter matches (e.g. category ids). */
  tags: string[];
};

export type IndexQuery = { text: string; tag?: string | null; limit?: number };
export type IndexResult = { ids: string[]; total: number };
export type CodeHit = { id: string; sub: string | null };

const SEP = '\u0001';
/** Characters after which a new word starts: space, - _ / . , ( ) & + */
const WORD_BREAKS = new Set([32, 45, 95, 47, 46, 44, 40, 41, 38, 43, 9]);
/** Between entries in the scan text (never typed, never in a record's text). */
const ENTRY_END = '\u0002';

const before = (a: IndexEntry, b: IndexEntry) => a.sort < b.sort || (a.sort === b.sort && a.id < b.id);
const compare = (a: IndexEntry, b: IndexEntry) => (before(a, b) ? -1 : before(b, a) ? 1 : 0);

export class SearchIndex {
  private byId = new Map<string, IndexEntry>();
  private ordered: IndexEntry[] = [];
  private codes = new Map<string, CodeHit[]>();
  /** The previous search's matches (all of them, display order): a longer query narrows these. */
  private last: { q: string; tag: string | null; version: number; hits: number[] } | null = null;
  private version = 0;
  /** Answers to queries of 0–2 characters (they match most entries), until the index changes. */
  private short = new Map<string, IndexResult>();
  private shortVersion = -1;
  /** Every entry's text in display order, ENTRY_END after each, and where each starts. */
  private scan: {
    version: number;
    text: string;
    /** Where each entry's text starts, and where its name ends, in `text`. */
    starts: Int32Array;
    nameEnds: Int32Array;
    /** Display position of each entry id. */
    at: Map<string, number>;
  } | null = null;

  get size() {
    return this.byId.size;
  }

  has(id: string) {
    return this.byId.has(id);
  }

  ids(): IterableIterator<string> {
    return this.byId.keys();
  }

  /** Adds or replaces entries (a merged sync page, a record made here). */
  upsert(entries: readonly IndexEntry[]) {
    if (entries.length === 0) return;
    const fresh = new Map<string, IndexEntry>();
    for (const e of entries) fresh.set(e.id, e);
    let replaced = 0;
    for (const [id, e] of fresh) {
      const old = this.byId.get(id);
      if (old) {
        this.dropCodes(old);
        replaced++;
      }
      this.byId.set(id, e);
      this.addCodes(e);
    }
    const added = [...fresh.values()].sort(compare);
    // Only entries that were there before need taking out (a first download adds only new ones).
    const kept = replaced ? this.ordered.filter((e) => !fresh.has(e.id)) : this.ordered;
    this.ordered = merge(kept, added);
    this.version++;
  }

  remove(ids: Iterable<string>) {
    const gone = new Set<string>();
    for (const id of ids) {
      const old = this.byId.get(id);
      if (!old) continue;
      this.dropCodes(old);
      this.byId.delete(id);
      gone.add(id);
    }
    if (gone.size === 0) return;
    this.ordered = this.ordered.filter((e) => !gone.has(e.id));
    this.version++;
  }

  clear() {
    this.byId.clear();
    this.codes.clear();
    this.ordered = [];
    this.version++;
  }

  /** The records whose code (barcode, SKU…) is exactly `code` (case-insensitive), O(1). */
  byCode(code: string): CodeHit[] {
    return this.codes.get(code.trim().toLowerCase()) ?? [];
  }

  /**
   * Ranked search: exact code, name starts with, a word starts with, name contains, other text
   * contains, then every word somewhere; within a rank in display order. Empty text lists all.
   */
  search({ text, tag = null, limit = 40 }: IndexQuery): IndexResult {
    // The separators of the scan text are never searched for.
    const q = text.replaceAll(SEP, '').replaceAll(ENTRY_END, '').trim().toLowerCase().replace(/\s+/g, ' ');
    const words = q.split(' ').filter(Boolean);
    const shortKey = q.length <= 2 ? `${tag ?? ''}\u0000${q}\u0000${limit}` : null;
    if (this.short.size && this.shortVersion !== this.version) this.short.clear();
    const cached = shortKey ? this.short.get(shortKey) : undefined;
    if (cached) return cached;
    const scan = this.scanText();
    const { text: all, starts, nameEnds } = scan;
    const n = this.ordered.length;
    const buckets: string[][] = [[], [], [], [], [], []];
    const put = (rank: number, i: number) => {
      const bucket = buckets[rank]!;
      if (bucket.length < limit) bucket.push(this.ordered[i]!.id);
    };
    // Rank 0: an exact code (a scanned barcode, a SKU), whatever its place in the list.
    const exact = new Set<number>();
    for (const hit of q ? (this.codes.get(q) ?? []) : []) {
      const i = scan.at.get(hit.id);
      if (i === undefined || exact.has(i)) continue;
      if (tag !== null && !this.ordered[i]!.tags.includes(tag)) continue;
      exact.add(i);
    }
    /**
     * 1 the name starts with q, 2 a word of the name does, 3 the name holds it, 4 other text does,
     * 5 only every word of q somewhere; from `at`, the first place q is in the entry's text.
     */
    const rankAt = (i: number, at: number) => {
      if (at < 0) return 5;
      const nameEnd = nameEnds[i]!;
      if (at + q.length > nameEnd) return 4;
      if (at === starts[i]) return 1;
      for (let p = at; p !== -1 && p + q.length <= nameEnd; p = all.indexOf(q, p + 1))
        if (WORD_BREAKS.has(all.charCodeAt(p - 1))) return 2;
      return 3;
    };

    // Whatever matches "coke 5" also matched "coke": a longer query only checks the last hits,
    // while they are few; else one scan of the whole text finds the candidates.
    const last = this.last;
    const narrow = !!last && last.version === this.version && last.tag === tag && q.startsWith(last.q);
    const keepMax = Math.max(n >> 2, 1024);
    let hits: number[] | null = [];
    let total = 0;
    const found = (i: number, at: number) => {
      total++;
      if (hits) {
        if (hits.length < keepMax) hits.push(i);
        else hits = null;
      }
      if (exact.has(i)) put(0, i);
      else put(rankAt(i, at), i);
    };
    /** The first place of q in entry i, -1 when only all its words are there, null: no match. */
    const placeIn = (i: number): number | null => {
      // The entry's own text: a miss must not scan on through the entries after it.
      const hay = this.ordered[i]!.hay;
      const at = hay.indexOf(q);
      if (at !== -1) return starts[i]! + at;
      if (words.length < 2) return null;
      return words.every((w) => hay.includes(w)) ? -1 : null;
    };
    const tagged = (i: number) => tag === null || this.ordered[i]!.tags.includes(tag);

    if (narrow) {
      for (const i of last.hits) {
        const at = q ? placeIn(i) : starts[i]!;
        if (at !== null) found(i, at);
      }
    } else if (!q) {
      for (let i = 0; i < n; i++) if (tagged(i)) found(i, starts[i]!);
    } else {
      // Every match holds the query's longest word: scan for it, entry after entry.
      const needle = words.reduce((a, w) => (w.length > a.length ? w : a), '');
      let i = 0;
      let at = all.indexOf(needle);
      while (at !== -1) {
        while (i + 1 < n && starts[i + 1]! <= at) i++;
        if (tagged(i)) {
          const place = needle === q ? at : placeIn(i);
          if (place !== null) found(i, place);
        }
        if (i + 1 >= n) break;
        at = all.indexOf(needle, starts[i + 1]!);
      }
    }
    this.last = hits ? { q, tag, version: this.version, hits } : null;
    const ids: string[] = [];
    for (const b of buckets) {
      for (const id of b) {
        if (ids.length >= limit) break;
        ids.push(id);
      }
    }
    const result = { ids, total };
    if (shortKey) {
      this.shortVersion = this.version;
      this.short.set(shortKey, result);
    }
    return result;
  }

  /** Builds the scan text now (after a load or a merge) rather than on the next keystroke. */
  prepare() {
    this.scanText();
  }

  private scanText() {
    if (this.scan?.version === this.version) return this.scan;
    const n = this.ordered.length;
    const starts = new Int32Array(n);
    const nameEnds = new Int32Array(n);
    const at = new Map<string, number>();
    const parts = new Array<string>(n);
    let offset = 0;
    for (let i = 0; i < n; i++) {
      const e = this.ordered[i]!;
      starts[i] = offset;
      nameEnds[i] = e.hay.startsWith(e.name) ? offset + e.name.length : offset;
      parts[i] = e.hay;
      at.set(e.id, i);
      offset += e.hay.length + 1;
    }
    this.scan = { version: this.version, text: parts.join(ENTRY_END) + ENTRY_END, starts, nameEnds, at };
    return this.scan;
  }

  private addCodes(e: IndexEntry) {
    for (const c of e.codes) {
      if (!c.code) continue;
      const list = this.codes.get(c.code);
      const hit = { id: e.id, sub: c.sub };
      if (list) list.push(hit);
      else this.codes.set(c.code, [hit]);
    }
  }

  private dropCodes(e: IndexEntry) {
    for (const c of e.codes) {
      const list = this.codes.get(c.code);
      if (!list) continue;
      const rest = list.filter((h) => h.id !== e.id);
      if (rest.length) this.codes.set(c.code, rest);
      else this.codes.delete(c.code);
    }
  }
}

/** Two lists in display order into one. */
const merge = (a: IndexEntry[], b: IndexEntry[]): IndexEntry[] => {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const out = new Array<IndexEntry>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = before(b[j]!, a[i]!) ? b[j++]! : a[i++]!;
  while (i < a.length) out[k++] = a[i++]!;
  while (j < b.length) out[k++] = b[j++]!;
  return out;
};

export const joinHay = (parts: (string | null | undefined)[]) =>
  parts
    .filter((p): p is string => !!p)
    .map((p) => p.toLowerCase())
    .join(SEP);
