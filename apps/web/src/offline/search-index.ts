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
const WORD_BREAK_TABLE = new Uint8Array(128);
for (const c of WORD_BREAKS) WORD_BREAK_TABLE[c] = 1;
const isWordBreak = (c: number) => c < 128 && WORD_BREAK_TABLE[c] === 1;
/**
 * Longest text handed to the engine's indexOf: V8 sets up Boyer-Moore tables on each call for 7
 * characters or more (several times dearer a call over the scan text), so a longer text is looked
 * for by its first HEAD characters, then compared in place.
 */
const HEAD = 6;

/**
 * Where a text is in the scan text, asked for at places that only move forward (the candidates
 * of a search come in display order): one forward pass over the text in all, whatever the number
 * of candidates, and no run past an entry on a miss more than once.
 */
class Cursor {
  private readonly head: string;
  /** The first place of the text at or after the last place asked for; -2: not looked yet. */
  private at = -2;

  constructor(
    private readonly all: string,
    private readonly text: string,
  ) {
    this.head = text.slice(0, HEAD);
  }

  /** The first place of the text at or after `from` (never less than the last `from`), -1: none. */
  from(from: number): number {
    if (this.at === -1 || this.at >= from) return this.at;
    const { all, text, head } = this;
    let at = all.indexOf(head, from);
    if (head.length !== text.length)
      while (at !== -1 && !all.startsWith(text, at)) at = all.indexOf(head, at + 1);
    this.at = at;
    return at;
  }
}
/** The one-letter searches answered ahead (answerFirstKeys). */
export const FIRST_KEYS = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** Between entries in the scan text (never typed, never in a record's text). */
const ENTRY_END = '\u0002';

const before = (a: IndexEntry, b: IndexEntry) => a.sort < b.sort || (a.sort === b.sort && a.id < b.id);
const compare = (a: IndexEntry, b: IndexEntry) => (before(a, b) ? -1 : before(b, a) ? 1 : 0);

type ScanText = {
  version: number;
  text: string;
  /** Where each entry's text starts, and where its name ends, in `text`. */
  starts: Int32Array;
  nameEnds: Int32Array;
  /** Display position of each entry id. */
  at: Map<string, number>;
};

export class SearchIndex {
  private byId = new Map<string, IndexEntry>();
  private ordered: IndexEntry[] = [];
  private codes = new Map<string, CodeHit[]>();
  /** The previous search's matches (all of them, display order): a longer query narrows these. */
  private last: { q: string; tag: string | null; version: number; hits: Int32Array; count: number } | null =
    null;
  /** Two buffers of one slot per entry, taken in turn for a search's matches (no garbage per keystroke). */
  private hitBuffers: [Int32Array, Int32Array] = [new Int32Array(0), new Int32Array(0)];
  private version = 0;
  /** Answers to queries of 0–2 characters (they match most entries), until the index changes. */
  private short = new Map<string, IndexResult>();
  private shortVersion = -1;
  /** Every entry's text in display order, ENTRY_END after each, and where each starts. */
  private scan: ScanText | null = null;

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
    const ordered = this.ordered;
    // Rank 0: an exact code (a scanned barcode, a SKU), whatever its place in the list.
    const exact: number[] = [];
    for (const hit of q ? (this.codes.get(q) ?? []) : []) {
      const i = scan.at.get(hit.id);
      if (i === undefined || exact.includes(i)) continue;
      if (tag !== null && !ordered[i]!.tags.includes(tag)) continue;
      exact.push(i);
    }
    // Whatever matches "coke 5" also matched "coke": a longer query only checks the last hits;
    // else one scan of the whole text finds the candidates (the entries holding q's longest word).
    const last = this.last;
    const narrow = !!q && !!last && last.version === this.version && last.tag === tag && q.startsWith(last.q);
    // This search's hits go to the buffer the last search's hits are not in.
    const out = this.hitBuffers[last?.hits === this.hitBuffers[0] ? 1 : 0];
    const run = new Run(scan, ordered, q, words, tag, limit, exact, out);
    if (narrow) run.narrow(last.hits, last.count);
    else if (!q) run.everything();
    else run.scan();
    this.last = q ? { q, tag, version: this.version, hits: out, count: run.count } : null;
    const ids = run.ids();
    const total = run.total;
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
    warmUp();
  }

  /**
   * Answers now the one-letter searches (a-z, 0-9; no filter, `limit` shown) that would otherwise
   * be the first keystroke's: each matches most entries (a full scan), and right after a load they
   * also meet cold engine code. Kept in the short-query cache until the index changes, as the first
   * search of each would keep them. A full scan per letter, once, when the index is first built
   * (`keys`: some of them, so a caller can answer them a few at a time).
   */
  answerFirstKeys(limit: number, keys: string = FIRST_KEYS) {
    for (const c of keys) this.search({ text: c, limit });
  }

  private scanText() {
    if (this.scan?.version === this.version) return this.scan;
    const n = this.ordered.length;
    const starts = new Int32Array(n);
    const nameEnds = new Int32Array(n);
    const at = new Map<string, number>();
    // One more (empty) part: the text ends with ENTRY_END, and join makes one flat string (a
    // concatenation after it would be flattened, 4 MB copied, by the first keystroke's search).
    const parts = new Array<string>(n + 1);
    parts[n] = '';
    let offset = 0;
    for (let i = 0; i < n; i++) {
      const e = this.ordered[i]!;
      starts[i] = offset;
      nameEnds[i] = e.hay.startsWith(e.name) ? offset + e.name.length : offset;
      parts[i] = e.hay;
      at.set(e.id, i);
      offset += e.hay.length + 1;
    }
    this.scan = { version: this.version, text: parts.join(ENTRY_END), starts, nameEnds, at };
    if (this.hitBuffers[0].length !== n) this.hitBuffers = [new Int32Array(n), new Int32Array(n)];
    this.last = null;
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

/**
 * One search's work over the scan text. A class, not closures made per search: the engine keeps
 * its optimised code for the hot loops from one keystroke to the next.
 *
 * The answer is, rank after rank, the first matches of that rank in display order (the order
 * matches are met in) until `limit`: each rank keeps at most `limit` (a bounded top-k, nothing
 * sorted), and a rank no longer open (full, or the ranks before it fill the answer) is not worked
 * out for the matches after.
 */
class Run {
  /** How many match in all, and their display positions (in `out`, `count` of them). */
  total = 0;
  count = 0;
  private readonly buckets: number[][] = [[], [], [], [], [], []];
  private readonly open = [true, true, true, true, true, true];
  private readonly all: string;
  private readonly starts: Int32Array;
  private readonly nameEnds: Int32Array;
  private readonly n: number;
  /** Where q is, and each of its words when it has several (candidates come in display order). */
  private readonly qAt: Cursor;
  private readonly wordAt: Cursor[];

  constructor(
    scan: ScanText,
    private readonly ordered: IndexEntry[],
    private readonly q: string,
    private readonly words: string[],
    private readonly tag: string | null,
    private readonly limit: number,
    private readonly exact: number[],
    private readonly out: Int32Array,
  ) {
    this.all = scan.text;
    this.starts = scan.starts;
    this.nameEnds = scan.nameEnds;
    this.n = ordered.length;
    this.qAt = new Cursor(this.all, q);
    this.wordAt = words.length > 1 ? words.map((w) => new Cursor(this.all, w)) : [];
  }

  /** Empty text: every entry (of the tag). */
  everything() {
    for (let i = 0; i < this.n; i++) if (this.tagged(i)) this.found(i, this.starts[i]!);
  }

  /** The entries of the last search (display order) that still match. */
  narrow(hits: Int32Array, count: number) {
    for (let k = 0; k < count; k++) {
      const i = hits[k]!;
      const at = this.placeIn(i);
      if (at !== null) this.found(i, at);
    }
  }

  /** Every match holds the query's longest word: scan for it, entry after entry. */
  scan() {
    const { words, starts, n } = this;
    const longest = words.reduce((a, w) => (w.length > a.length ? w : a), '');
    const needle = longest === this.q ? this.qAt : new Cursor(this.all, longest);
    // A one-word query: the needle's first place in an entry is q's.
    const single = longest === this.q;
    let i = 0;
    let at = needle.from(0);
    while (at !== -1) {
      i = this.entryAt(at, i);
      if (this.tagged(i)) {
        const place = single ? at : this.placeIn(i);
        if (place !== null) this.found(i, place);
      }
      if (i + 1 >= n) break;
      at = needle.from(starts[i + 1]!);
    }
  }

  /**
   * The entry whose text holds place `at`, entry `i` or one after it: a galloping search (a
   * function of its own: a walk nested in the scan's loop made the engine leave its optimised
   * code at each match, measured 10-40 ms on the first scan of a kind).
   */
  private entryAt(at: number, i: number): number {
    const { starts, n } = this;
    let step = 1;
    while (i + step < n && starts[i + step]! <= at) {
      i += step;
      step *= 2;
    }
    let hi = Math.min(i + step, n);
    while (hi - i > 1) {
      const mid = (i + hi) >> 1;
      if (starts[mid]! <= at) i = mid;
      else hi = mid;
    }
    return i;
  }

  /** The ids shown: the buckets in rank order, up to `limit`. */
  ids(): string[] {
    const ids: string[] = [];
    for (const b of this.buckets) {
      for (const i of b) {
        if (ids.length >= this.limit) break;
        ids.push(this.ordered[i]!.id);
      }
    }
    return ids;
  }

  private tagged(i: number) {
    return this.tag === null || this.ordered[i]!.tags.includes(this.tag);
  }

  private found(i: number, at: number) {
    this.out[this.count++] = i;
    this.total++;
    this.keep(this.rankAt(i, at), i);
  }

  private keep(rank: number, i: number) {
    const { open, buckets, limit } = this;
    if (!open[rank]) return;
    buckets[rank]!.push(i);
    let before = 0;
    for (let r = 0; r < buckets.length; r++) {
      const size = buckets[r]!.length;
      open[r] = before < limit && size < limit;
      before += size;
    }
  }

  /**
   * 1 the name starts with q, 2 a word of the name does, 3 the name holds it, 4 other text does,
   * 5 only every word of q somewhere; from `at`, the first place q is in the entry's text.
   */
  private rankAt(i: number, at: number) {
    const { exact, q, all } = this;
    if (exact.length !== 0 && exact.includes(i)) return 0;
    if (at < 0) return 5;
    const nameEnd = this.nameEnds[i]!;
    if (at + q.length > nameEnd) return 4;
    if (at === this.starts[i]) return 1;
    // 2 or 3: worked out only while one of them can still be shown.
    if (!this.open[2] && !this.open[3]) return 3;
    for (let p = at; p + q.length <= nameEnd; p++)
      if (isWordBreak(all.charCodeAt(p - 1)) && (p === at || all.startsWith(q, p))) return 2;
    return 3;
  }

  /** The first place of q in entry i, -1 when only all its words are there, null: no match. */
  private placeIn(i: number): number | null {
    const from = this.starts[i]!;
    const to = i + 1 < this.n ? this.starts[i + 1]! : this.all.length;
    const at = this.qAt.from(from);
    if (at !== -1 && at < to) return at;
    if (this.wordAt.length === 0) return null;
    for (const w of this.wordAt) {
      const p = w.from(from);
      if (p === -1 || p >= to) return null;
    }
    return -1;
  }
}

let warm = false;
/**
 * Once a page: a few searches over a handful of made-up entries, through every path of a search
 * (each rank, a tag, narrowing, several words, a long text). The engine then optimises the search
 * loops knowing all their branches; else the first keystroke that takes a new branch (over 100,000
 * entries) throws the optimised code away and finishes slowly — measured: 5-10 ms more for each of
 * the first one-letter searches. Takes well under a millisecond, and touches no real index.
 */
const warmUp = () => {
  if (warm) return;
  warm = true;
  const names = ['alpha beta', 'beta-alpha', 'gamma', 'alphabet soup', 'soup alphabetical', 'delta'];
  const idx = new SearchIndex();
  idx.upsert(
    names.map((name, i) => ({
      id: String(i),
      sort: name,
      name,
      hay: joinHay([name, `sku-${i}`, i % 2 ? 'alphabet mix' : null]),
      codes: [{ code: `sku-${i}`, sub: null }],
      tags: i % 2 ? ['t'] : [],
    })),
  );
  const texts = ['alphabetical', 'beta', 'pha b', 'sku-2', 'mix alp', 'alphabet s', 'zz', ''];
  for (const tag of [null, 't'])
    for (const limit of [1, 40])
      for (const text of texts) {
        // Typed letter by letter (narrowing), then the whole text at once (a full scan).
        for (let k = 1; k <= text.length; k++) idx.search({ text: text.slice(0, k), tag, limit });
        idx.search({ text: 'zz', tag, limit });
        idx.search({ text, tag, limit });
      }
};

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
