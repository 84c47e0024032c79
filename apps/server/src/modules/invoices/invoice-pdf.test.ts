import { crc32, deflateSync, inflateSync } from 'node:zlib';
import { fromKobo, invoiceBodyTotals, type Invoice } from '@ms/contracts';
import { describe, expect, it } from 'vitest';
import { renderInvoicePdf, type InvoicePdfInput } from './invoice-pdf.js';

// ---------------------------------------------------------------------------------------------
// A small reader of what pdfkit writes: objects, their streams (inflated when compressed), and the
// text each page shows, decoded through the fonts' ToUnicode maps (pdfkit writes text as glyph ids).

type PdfObject = { dict: string; stream: Buffer | null };

const readObjects = (pdf: Buffer): Map<number, PdfObject> => {
  const s = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  const start = /(\d+) 0 obj\s/g;
  let m: RegExpExecArray | null;
  while ((m = start.exec(s))) {
    const from = m.index + m[0].length;
    const streamAt = s.indexOf('stream\n', from);
    const endAt = s.indexOf('endobj', from);
    if (streamAt !== -1 && streamAt < endAt) {
      const dict = s.slice(from, streamAt);
      const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
      const raw = pdf.subarray(streamAt + 7, streamAt + 7 + length);
      const stream =
        dict.includes('/FlateDecode') && !dict.includes('/Subtype /Image') ? inflateSync(raw) : raw;
      objects.set(Number(m[1]), { dict, stream });
      start.lastIndex = s.indexOf('endobj', streamAt + 7 + length);
    } else {
      objects.set(Number(m[1]), { dict: s.slice(from, endAt), stream: null });
      start.lastIndex = endAt;
    }
  }
  return objects;
};

const utf16 = (hex: string) => {
  let out = '';
  for (let i = 0; i + 4 <= hex.length; i += 4) out += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16));
  return out;
};

/** Glyph id (hex) → text, from a ToUnicode CMap as pdfkit writes it (`<start> <end> [<u> <u> …]`). */
const readCmap = (cmap: string): Map<number, string> => {
  const map = new Map<number, string>();
  for (const range of cmap.matchAll(/<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi)) {
    const first = parseInt(range[1]!, 16);
    [...range[3]!.matchAll(/<([0-9a-f ]+)>/gi)].forEach((u, i) =>
      map.set(first + i, utf16(u[1]!.replace(/ /g, ''))),
    );
  }
  return map;
};

const refs = (dict: string, key: string) => {
  const block = new RegExp(`/${key} <<([\\s\\S]*?)>>`).exec(dict)?.[1] ?? '';
  return new Map([...block.matchAll(/\/(\w+) (\d+) 0 R/g)].map((r) => [r[1]!, Number(r[2])]));
};

/** Windows-1252 (Helvetica's WinAnsiEncoding): Latin-1 but for 0x80–0x9f. */
const WIN_ANSI_80 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';
const winAnsi = (bytes: Buffer) =>
  [...bytes].map((b) => (b >= 0x80 && b < 0xa0 ? WIN_ANSI_80[b - 0x80] : String.fromCharCode(b))).join('');

/** Each page's text, one line per text-showing operator. */
const pageTexts = (pdf: Buffer): string[] => {
  const objects = readObjects(pdf);
  const pages = [...objects.values()].filter((o) => /\/Type \/Page\b/.test(o.dict));
  return pages.map((page) => {
    const resources = objects.get(Number(/\/Resources (\d+) 0 R/.exec(page.dict)?.[1]))?.dict ?? page.dict;
    const fonts = new Map<string, Map<number, string> | null>();
    for (const [name, id] of refs(resources, 'Font')) {
      const cmapId = /\/ToUnicode (\d+) 0 R/.exec(objects.get(id)?.dict ?? '')?.[1];
      const cmap = cmapId ? objects.get(Number(cmapId))?.stream : null;
      fonts.set(name, cmap ? readCmap(cmap.toString('latin1')) : null);
    }
    const content =
      objects.get(Number(/\/Contents (\d+) 0 R/.exec(page.dict)?.[1]))?.stream?.toString('latin1') ?? '';
    const lines: string[] = [];
    let font: Map<number, string> | null = null;
    for (const op of content.matchAll(
      /\/(\w+) [\d.]+ Tf|\[((?:<[0-9a-f]*>|[\s\d.-])*)\] TJ|<([0-9a-f]*)> Tj/gi,
    )) {
      if (op[1]) {
        font = fonts.get(op[1]) ?? null;
        continue;
      }
      const hex = (op[2] ?? op[3] ?? '').match(/<([0-9a-f]*)>/gi)?.map((h) => h.slice(1, -1)) ?? [
        op[3] ?? '',
      ];
      const decode = (h: string) =>
        font
          ? Array.from(
              { length: h.length / 4 },
              (_, i) => font!.get(parseInt(h.slice(i * 4, i * 4 + 4), 16)) ?? '\uFFFD',
            ).join('')
          : winAnsi(Buffer.from(h, 'hex'));
      lines.push(hex.map(decode).join(''));
    }
    return lines.join('\n');
  });
};

/** The document's Title: a literal string object, UTF-16BE with a byte order mark when not ASCII. */
const pdfTitle = (pdf: Buffer): string => {
  const id = Number(/\/Title (\d+) 0 R/.exec(pdf.toString('latin1'))?.[1]);
  const s = readObjects(pdf).get(id)?.dict.trim() ?? '';
  const bytes: number[] = [];
  const escapes: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12, '(': 40, ')': 41, '\\': 92 };
  for (let i = 1; i < s.length - 1; i++) {
    if (s[i] === '\\') bytes.push(escapes[s[++i]!] ?? s.charCodeAt(i));
    else bytes.push(s.charCodeAt(i));
  }
  const b = Buffer.from(bytes);
  return b[0] === 0xfe && b[1] === 0xff ? b.subarray(2).swap16().toString('utf16le') : b.toString('latin1');
};

const pageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

// ---------------------------------------------------------------------------------------------
// A realistic invoice, its totals worked out by the contracts' own rules.

type LineIn = {
  name: string;
  quantity: number;
  price: number;
  discount_type?: 'amount' | 'percentage' | null;
  discount?: number | null;
};

const makeInvoice = (
  items: LineIn[],
  over: Partial<Invoice> = {},
  order: {
    discount_type?: 'amount' | 'percentage';
    discount?: number;
    paid?: number;
    credited?: number;
  } = {},
): Invoice => {
  const taxes = [{ name: 'VAT', rate: 7.5 }];
  const t = invoiceBodyTotals({ items, discount_type: order.discount_type, discount: order.discount, taxes });
  const totalKobo = t.totalKobo;
  const paidKobo = Math.round((order.paid ?? 0) * 100);
  const creditedKobo = Math.round((order.credited ?? 0) * 100);
  return {
    _id: '7d0c6f0e-4c1a-4a53-9e0b-1f1a2b3c4d5e',
    number: 'INV-0042',
    store_id: 'store-1',
    store_name: 'Ikeja',
    client: 'customer-1',
    client_name: 'Chukwuemeka Ọkọńkwọ',
    client_email: 'emeka@example.ng',
    client_phone: '+234 803 123 4567',
    status: 'partially_paid',
    order_status: 'processing',
    order_note: null,
    issue_date: '2025-03-01',
    due_date: '2025-03-31',
    items: items.map((l, i) => ({
      _id: `line-${i}`,
      product_id: null,
      variety_id: null,
      name: l.name,
      quantity: l.quantity,
      price: l.price,
      discount_type: l.discount_type ?? null,
      discount: l.discount ?? null,
      total: fromKobo(t.lines[i]!.totalKobo),
    })),
    discount_type: order.discount_type ?? null,
    discount: order.discount ?? null,
    taxes: t.taxes.map((x) => ({ name: x.name, rate: x.ratePercent, amount: fromKobo(x.amountKobo) })),
    subtotal: fromKobo(t.subtotalKobo),
    discount_total: fromKobo(t.discountTotalKobo),
    tax_total: fromKobo(t.taxTotalKobo),
    total: fromKobo(totalKobo),
    amount_paid: fromKobo(paidKobo),
    amount_credited: fromKobo(creditedKobo),
    balance: fromKobo(Math.max(0, totalKobo - paidKobo - creditedKobo)),
    refund_due: 0,
    milestones: [],
    payments: [],
    credit_notes: [],
    notes: null,
    reminder_days: [],
    link: '/view-invoice?token=abc',
    sent_at: '2025-03-01T09:00:00.000Z',
    last_reminder_at: null,
    created_at: '2025-03-01T08:00:00.000Z',
    updated_at: '2025-03-10T10:00:00.000Z',
    ...over,
  };
};

const shopInvoice = (): Invoice => {
  const base = makeInvoice(
    [
      { name: 'Ankara fabric, 6 yards (Vlisco Holland wax)', quantity: 4, price: 18_500 },
      {
        name: 'Aṣọ-òkè set for Ìyàwó — gold and wine, hand-woven in Ìsẹ́yìn',
        quantity: 1,
        price: 145_000,
        discount_type: 'percentage',
        discount: 10,
      },
      {
        name: 'French lace, 5 yards',
        quantity: 2,
        price: 62_500.5,
        discount_type: 'amount',
        discount: 5_000,
      },
      { name: 'Gele headtie', quantity: 3, price: 7_500 },
    ],
    {},
    { discount_type: 'percentage', discount: 5, paid: 200_000, credited: 10_000 },
  );
  return {
    ...base,
    milestones: [
      {
        _id: 'm-1',
        name: 'Deposit (50%)',
        amount: 150_000,
        due_date: '2025-03-05',
        status: 'paid',
        amount_due: 150_000,
        amount_paid: 150_000,
      },
      {
        _id: 'm-2',
        name: 'Balance on delivery',
        amount: base.total - 150_000,
        due_date: '2025-03-31',
        status: 'pending',
        amount_due: base.total - 160_000,
        amount_paid: 50_000,
      },
    ],
    payments: [
      {
        _id: 'p-1',
        method: 'transfer',
        amount: 150_000,
        // 23:30 in UTC is already 5 March in Lagos.
        paid_at: '2025-03-04T23:30:00.000Z',
        reference: 'NIP/2503050012345',
        source: 'rail',
        payer_name: 'OKONKWO CHUKWUEMEKA',
        recorded_by_name: null,
      },
      {
        _id: 'p-2',
        method: 'cash',
        amount: 50_000,
        paid_at: '2025-03-10T10:00:00.000Z',
        reference: null,
        source: 'manual',
        payer_name: null,
        recorded_by_name: 'Bọ́lá',
      },
    ],
    credit_notes: [
      {
        _id: 'cn-1',
        number: 'CN-0003',
        amount: 10_000,
        reason: 'One gele returned (wrong colour)',
        created_at: '2025-03-12T12:00:00.000Z',
      },
    ],
    notes: 'Thank you for your patronage!\nGoods sold in good condition are not returnable after 7 days.',
  };
};

const business = {
  name: 'Adébáyọ̀ Fabrics & Tailoring',
  address: '12 Allen Avenue, Ikeja, Lagos',
  phone: '0803 000 0000',
  email: 'hello@adebayofabrics.ng',
};
const payTo = {
  bank_name: 'Wema Bank',
  account_number: '0123456789',
  account_name: 'Adebayo Fabrics & Tailoring Ltd',
};

const render = (over: Partial<InvoicePdfInput> = {}, compress = false) =>
  renderInvoicePdf(
    { invoice: shopInvoice(), business, payTo, timeZone: 'Africa/Lagos', ...over },
    { compress },
  );

/** A PNG made here: chunks with their CRCs, 8-bit RGBA with a transparent corner. */
const png = (width: number, height: number, data?: Buffer) => {
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(body.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed) >>> 0);
    return Buffer.concat([head, typed, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const row = 1 + width * 4;
  const pixels = data ? Buffer.alloc(0) : Buffer.alloc(height * row, 0x80);
  for (let y = 0; y < height && !data; y++) pixels[y * row] = 0;
  pixels[4] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', data ?? deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};
const hasImage = (pdf: Buffer) => pdf.toString('latin1').includes('/Subtype /Image');

describe('renderInvoicePdf', () => {
  it('writes an A4 PDF with the invoice, its amounts in naira and its dates in the business zone', async () => {
    const pdf = await render();
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 595.28 841.89]');
    expect(pdfTitle(pdf)).toBe('Invoice INV-0042 — Adébáyọ̀ Fabrics & Tailoring');

    // Wrapped lines come as separate pieces: compare with runs of spaces made one.
    const text = pageTexts(pdf).join('\n').replace(/\s+/g, ' ');
    for (const expected of [
      'Adébáyọ̀ Fabrics & Tailoring',
      'INVOICE',
      'INV-0042',
      'Partially paid',
      'Chukwuemeka Ọkọńkwọ',
      'emeka@example.ng',
      '1 Mar 2025',
      '31 Mar 2025',
      'Ankara fabric, 6 yards (Vlisco Holland wax)',
      '₦18,500.00',
      '₦74,000.00',
      '-₦14,500.00',
      '(10%)',
      '₦120,001.00',
      'Subtotal',
      'Discount (5%)',
      'VAT (7.5%)',
      'Amount paid',
      '-₦200,000.00',
      'Credited',
      'Balance due',
      'Not paid',
      'Bank transfer',
      'NIP/2503050012345',
      '5 Mar 2025',
      'CN-0003',
      'One gele returned (wrong colour)',
      'Goods sold in good condition are not returnable after 7 days.',
      'How to pay',
      '0123456789',
    ])
      expect(text).toContain(expected);

    const inv = shopInvoice();
    // 4 × 18,500 + 130,500 + 120,001 + 22,500 = 347,001; less 5 % = 329,650.95; VAT 7.5 % = 24,723.82.
    expect(inv.total).toBe(354_374.77);
    expect(text).toContain('₦354,374.77');
    expect(text).toContain('₦144,374.77');
    expect(text).not.toContain('NGN');
  });

  it('is readable when compressed too (the default)', async () => {
    const pdf = await render({}, true);
    expect(pdf.toString('latin1')).toContain('/FlateDecode');
    expect(pageTexts(pdf).join('\n')).toContain('INV-0042');
  });

  it('can use Helvetica instead, with amounts in NGN and the letters it lacks simplified', async () => {
    const pdf = await renderInvoicePdf(
      { invoice: shopInvoice(), business, payTo, timeZone: 'Africa/Lagos' },
      { compress: false, standardFonts: true },
    );
    expect(pdf.toString('latin1')).not.toContain('/FontFile2');
    expect(pdfTitle(pdf)).toBe('Invoice INV-0042 — Adébáyọ̀ Fabrics & Tailoring');
    const text = pageTexts(pdf).join('\n').replace(/\s+/g, ' ');
    for (const expected of [
      'Adébáyo Fabrics & Tailoring',
      '0803 000 0000 · hello@adebayofabrics.ng',
      'Chukwuemeka Okonkwo',
      'Aso-òkè set for Ìyàwó — gold and wine',
      'NGN 18,500.00',
      '-NGN 200,000.00',
      'NGN 354,374.77',
      'NGN 144,374.77',
      '5 Mar 2025',
      'INV-0042',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('₦');
  });

  it('flows 200 lines onto further pages, repeating the table header', async () => {
    const items = Array.from({ length: 200 }, (_, i) => ({
      name: `Line ${String(i + 1).padStart(3, '0')} Peak milk 400g${i % 25 === 0 ? ' — a long description that wraps onto a second line in its cell' : ''}`,
      quantity: (i % 5) + 1,
      price: 1_234.5,
    }));
    const pdf = await render({ invoice: makeInvoice(items) });
    const pages = pageTexts(pdf);
    expect(pageCount(pdf)).toBe(pages.length);
    expect(pages.length).toBeGreaterThan(3);
    for (let i = 1; i <= 200; i++) {
      const name = `Line ${String(i).padStart(3, '0')} Peak milk`;
      expect(pages.filter((p) => p.includes(name))).toHaveLength(1);
    }
    for (const page of pages.filter((p) => p.includes('Peak milk')))
      expect(page).toMatch(/Item\nQty\nUnit price\nDiscount\nTotal/);
    expect(pages.at(-1)).toContain('Balance due');
    pages.forEach((p, i) => expect(p).toContain(`Page ${i + 1} of ${pages.length}`));
  });

  it('says Draft for an invoice with no number yet', async () => {
    const invoice = { ...shopInvoice(), number: null, status: 'draft' as const };
    const pdf = await render({ invoice });
    expect(pdfTitle(pdf)).toBe('Invoice Draft — Adébáyọ̀ Fabrics & Tailoring');
    expect(pageTexts(pdf)[0]).toContain('Draft');
  });

  it('draws a PNG logo, and leaves out one it cannot read without failing', async () => {
    expect(hasImage(await render({ logo: png(40, 20) }))).toBe(true);

    const bad = [
      Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 7919 + 13) % 256)),
      Buffer.from('not an image'),
      // A PNG whose compressed pixels are garbage: pdfkit would throw from an async callback.
      png(40, 20, Buffer.from('garbage, not deflate data')),
      // Deflate data fine, but the scanline filter bytes unknown.
      png(4, 4, deflateSync(Buffer.alloc(4 * 17, 9))),
      // A chunk length running past the end.
      png(40, 20).subarray(0, 40),
      // Huge dimensions.
      png(100_000, 100_000, deflateSync(Buffer.alloc(1000))),
      // A JPEG's start with nothing after it.
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]),
    ];
    for (const logo of bad) {
      const pdf = await render({ logo });
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(hasImage(pdf)).toBe(false);
      expect(pageTexts(pdf).join('\n')).toContain('INV-0042');
    }
  });

  it('wraps long text and never fails on characters the font lacks', async () => {
    const odd = `Ẹ̀gúsí Ta\u0007ble 🍲👩🏾‍🍳 中文 \u0000\uD800 ${'x'.repeat(300)} ${'long name '.repeat(40)}`;
    const invoice = makeInvoice(
      [
        { name: odd, quantity: 2, price: 999_999_999.99 },
        { name: 'Rice (kg)', quantity: 1.5, price: 1_200 },
      ],
      { client_name: odd, notes: `${'Notes that go on. '.repeat(600)}\n${'y'.repeat(2000)}` },
    );
    const pdf = await render({ invoice, business: { name: odd, address: odd }, timeZone: 'Not/AZone' });
    const pages = pageTexts(pdf);
    const text = pages.join('\n');
    expect(text).toContain('Ẹ̀gúsí Table');
    // What the font lacks (emoji, Chinese) is drawn as a white square, measured as wide as it is drawn.
    expect(text).toMatch(/Table □□□□ □□ +x/);
    expect(text).toContain('₦1,999,999,999.98');
    expect(text).toMatch(/\n1\.5\n/);
    // The long word is broken over lines (none of them as wide as the page would allow 120 x's)…
    expect(text).not.toMatch(/x{120}/);
    expect(text.replace(/\n/g, '')).toContain('x'.repeat(300));
    // …and the long notes flow onto further pages.
    expect(pages.length).toBeGreaterThan(2);
    expect(pages.at(-1)).toContain('yyyy');
  });
});
