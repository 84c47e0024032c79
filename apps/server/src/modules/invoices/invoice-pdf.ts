import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import PDFDocument from 'pdfkit';
import {
  DEFAULT_TIME_ZONE,
  INVOICE_PAYMENT_METHOD_LABELS,
  INVOICE_STATUS_LABELS,
  MILESTONE_STATUS_LABELS,
  type Invoice,
} from '@ms/contracts';

/**
 * The invoice as a PDF (A4), made with pdfkit.
 *
 * Font: DejaVu Sans, embedded from the `dejavu-fonts-ttf` npm package (so no OS font is needed). It
 * draws the naira sign ₦ and the letters of Yoruba, Igbo and Hausa names (ọ ẹ ṣ ị ụ ƙ ɗ ɓ …), which the
 * PDF built-in Helvetica (WinAnsi) cannot. Should the package's files be unreadable, the PDF falls
 * back to Helvetica, writes amounts as "NGN 1,234.50" and replaces what WinAnsi cannot draw.
 * Characters the font has no glyph for (emoji, CJK) are drawn as a white square □ (pdfkit would measure
 * them narrower than it draws them, overflowing their boxes); control characters are dropped.
 *
 * The logo is checked before pdfkit sees it: a PNG with transparency is decoded by pdfkit in an
 * asynchronous callback where a corrupt file would throw out of reach (crashing the process and
 * leaving the PDF unfinished), so a logo that is not a well-formed PNG or JPEG is left out.
 */

export type InvoicePdfInput = {
  invoice: Invoice;
  business: { name: string; address?: string | null; phone?: string | null; email?: string | null };
  /** PNG or JPEG bytes, drawn top-left; left out when unreadable. */
  logo?: Buffer | null;
  /** The "How to pay" box. */
  payTo?: { bank_name: string; account_number: string; account_name: string } | null;
  /** Dates are shown in this zone (e.g. 'Africa/Lagos'). */
  timeZone: string;
};

export type InvoicePdfOptions = {
  /** Deflate the page streams (pdfkit's default, true). Tests turn it off to read the content. */
  compress?: boolean;
  /**
   * Helvetica, built into every PDF reader, instead of the embedded DejaVu Sans: a smaller file, amounts
   * as "NGN 1,234.50", letters outside Windows-1252 simplified (ọ → o). Used anyway when the font
   * files cannot be read.
   */
  standardFonts?: boolean;
};

// ---------------------------------------------------------------------------------------------
// Fonts

/** `covered`: the code points both embedded fonts have a glyph for (null: not known). */
type Fonts = {
  regular: Buffer | string;
  bold: Buffer | string;
  embedded: boolean;
  covered: Set<number> | null;
};
const HELVETICA: Fonts = { regular: 'Helvetica', bold: 'Helvetica-Bold', embedded: false, covered: null };
let fontFiles: Fonts | undefined;

/**
 * The code points a TrueType font maps to a glyph, read from its cmap (format 12, else format 4).
 * pdfkit measures a character the font lacks narrower than it draws it, so such text would overflow
 * its box: those characters are replaced before layout.
 */
const cmapCodePoints = (ttf: Buffer): Set<number> | null => {
  try {
    const tables = ttf.readUInt16BE(4);
    let cmap = -1;
    for (let i = 0; i < tables; i++) {
      if (ttf.toString('latin1', 12 + i * 16, 16 + i * 16) === 'cmap') cmap = ttf.readUInt32BE(20 + i * 16);
    }
    if (cmap < 0) return null;
    const subtables = new Map<string, number>();
    for (let i = 0; i < ttf.readUInt16BE(cmap + 2); i++) {
      const at = cmap + 4 + i * 8;
      subtables.set(`${ttf.readUInt16BE(at)}.${ttf.readUInt16BE(at + 2)}`, cmap + ttf.readUInt32BE(at + 4));
    }
    const out = new Set<number>();
    const full = subtables.get('3.10') ?? subtables.get('0.4');
    if (full !== undefined && ttf.readUInt16BE(full) === 12) {
      for (let g = 0; g < ttf.readUInt32BE(full + 12); g++) {
        const at = full + 16 + g * 12;
        for (let c = ttf.readUInt32BE(at); c <= ttf.readUInt32BE(at + 4) && c <= 0x10ffff; c++) out.add(c);
      }
      return out;
    }
    const bmp = subtables.get('3.1') ?? subtables.get('0.3');
    if (bmp === undefined || ttf.readUInt16BE(bmp) !== 4) return null;
    const segments = ttf.readUInt16BE(bmp + 6) / 2;
    const ends = bmp + 14;
    const starts = ends + 2 * segments + 2;
    const deltas = starts + 2 * segments;
    const rangeOffsets = deltas + 2 * segments;
    for (let i = 0; i < segments; i++) {
      const end = ttf.readUInt16BE(ends + 2 * i);
      const delta = ttf.readUInt16BE(deltas + 2 * i);
      const rangeAt = rangeOffsets + 2 * i;
      const rangeOffset = ttf.readUInt16BE(rangeAt);
      for (let c = ttf.readUInt16BE(starts + 2 * i); c <= end && c !== 0xffff; c++) {
        const glyph =
          rangeOffset === 0
            ? c
            : ttf.readUInt16BE(rangeAt + rangeOffset + 2 * (c - ttf.readUInt16BE(starts + 2 * i)));
        if (glyph !== 0 && ((glyph + delta) & 0xffff) !== 0) out.add(c);
      }
    }
    return out;
  } catch {
    return null;
  }
};

const loadFonts = (): Fonts => {
  if (fontFiles) return fontFiles;
  try {
    const require = createRequire(import.meta.url);
    const regular = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
    const bold = readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'));
    const inRegular = cmapCodePoints(regular);
    const inBold = cmapCodePoints(bold);
    const covered = inRegular && inBold ? new Set([...inRegular].filter((c) => inBold.has(c))) : null;
    fontFiles = { regular, bold, embedded: true, covered };
  } catch {
    fontFiles = HELVETICA;
  }
  return fontFiles;
};

/** What the embedded fonts cannot draw shows as a white square (a question mark failing that). */
const toCovered = (s: string, covered: Set<number>): string => {
  const missing = covered.has(0x25a1) ? '\u25a1' : '?';
  return s.replace(/[^\n ]/gu, (c) => (covered.has(c.codePointAt(0) ?? 0) ? c : missing));
};

/** Drops what no font draws: control and format characters, lone surrogates, variation selectors. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\u{FE00}-\u{FE0F}\u{E0100}-\u{E01EF}]/gu;
const cleanText = (s: string): string =>
  s
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .split('\n')
    .map((line) => line.replace(INVISIBLE, ''))
    .join('\n');

/** The characters Helvetica (WinAnsiEncoding) draws beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const inWinAnsi = (c: string) => {
  const code = c.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(c);
};
/** Each character Helvetica lacks loses its accents (ọ → o), else becomes a question mark. */
const toWinAnsi = (s: string): string =>
  s
    .replace(/₦/g, 'NGN')
    .normalize('NFC')
    .replace(/[^\n]\p{M}*/gu, (c) => {
      if (inWinAnsi(c)) return c;
      const plain = c.normalize('NFKD').replace(/\p{M}/gu, '');
      return plain && [...plain].every(inWinAnsi) ? plain : '?';
    });

// ---------------------------------------------------------------------------------------------
// The logo

const MAX_LOGO_PIXELS = 4096 * 4096;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_BIT_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
const PNG_CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const ADAM7: [number, number, number, number][] = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

/**
 * A PNG pdfkit can take without failing: its chunks well formed (pdfkit's parser loops or reads past
 * the end on a bad length), its header valid, a sane size, its image data inflating, and every scanline's
 * filter byte known, walking the scanlines as pdfkit's decoder (png-js) does.
 */
const isSafePng = (b: Buffer): boolean => {
  if (b.length < 8 + 25 + 12 || !b.subarray(0, 8).equals(PNG_SIGNATURE)) return false;
  let pos = 8;
  let header: { w: number; h: number; bits: number; colorType: number; interlace: number } | null = null;
  let palette = false;
  let ended = false;
  const data: Buffer[] = [];
  while (pos + 12 <= b.length) {
    const length = b.readUInt32BE(pos);
    const type = b.toString('latin1', pos + 4, pos + 8);
    if (length > b.length - pos - 12) return false;
    const body = b.subarray(pos + 8, pos + 8 + length);
    if (!header && type !== 'IHDR') return false;
    if (type === 'IHDR') {
      if (header || length !== 13) return false;
      header = {
        w: body.readUInt32BE(0),
        h: body.readUInt32BE(4),
        bits: body[8] ?? 0,
        colorType: body[9] ?? 0,
        interlace: body[12] ?? 0,
      };
      if (body[10] !== 0 || body[11] !== 0 || header.interlace > 1) return false;
    } else if (type === 'PLTE') palette = true;
    else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') {
      ended = true;
      break;
    }
    pos += 12 + length;
  }
  if (!header || !ended || data.length === 0) return false;
  const { w, h, bits, colorType, interlace } = header;
  if (!PNG_BIT_DEPTHS[colorType]?.includes(bits) || (colorType === 3 && !palette)) return false;
  if (w < 1 || h < 1 || w * h > MAX_LOGO_PIXELS) return false;
  const pixelBytes = (bits * (PNG_CHANNELS[colorType] ?? 1)) / 8;
  let pixels: Buffer;
  try {
    const expected = h * (1 + Math.ceil(w * pixelBytes)) + (interlace ? 8 * h + 64 : 0);
    pixels = inflateSync(Buffer.concat(data), { maxOutputLength: expected * 2 + 65_536 });
  } catch {
    return false;
  }
  let at = 0;
  for (const [x0, y0, dx, dy] of interlace ? ADAM7 : [[0, 0, 1, 1] as const]) {
    const passWidth = Math.ceil((w - x0) / dx);
    const rows = Math.ceil((h - y0) / dy);
    const rowBytes = Math.max(0, Math.ceil(pixelBytes * passWidth));
    for (let row = 0; row < rows && at < pixels.length; row++) {
      if ((pixels[at] ?? 0) > 4) return false;
      at += 1 + rowBytes;
    }
  }
  return true;
};

type OpenedImage = { width: number; height: number; colorSpace?: unknown; bits?: number };
/** pdfkit's `openImage` (documented, missing from @types/pdfkit) and `image` taking what it opened. */
type ImageApi = {
  openImage(src: Buffer): OpenedImage;
  image(src: OpenedImage, x: number, y: number, options: { fit: [number, number] }): unknown;
};

/** Draws the logo fitted in the box at (x, y); its drawn width, or 0 when it was left out. */
const drawLogo = (doc: PDFKit.PDFDocument, logo: Buffer, x: number, y: number, box: [number, number]) => {
  try {
    const isPng = logo.subarray(0, 8).equals(PNG_SIGNATURE);
    const isJpeg = logo.length > 3 && logo[0] === 0xff && logo[1] === 0xd8 && logo[2] === 0xff;
    if (!(isPng ? isSafePng(logo) : isJpeg)) return 0;
    const api = doc as unknown as ImageApi;
    const image = api.openImage(logo);
    const { width, height } = image;
    if (!(width >= 1 && height >= 1 && width * height <= MAX_LOGO_PIXELS)) return 0;
    if (isJpeg && (image.colorSpace === undefined || image.bits !== 8)) return 0;
    const scale = Math.min(box[0] / width, box[1] / height);
    api.image(image, x, y, { fit: box });
    return width * scale;
  } catch {
    return 0;
  }
};

// ---------------------------------------------------------------------------------------------
// Layout

const PAGE_MARGIN = 40;
const FOOTER_SPACE = 28;
const COLOR = {
  text: '#1f2937',
  muted: '#6b7280',
  rule: '#e5e7eb',
  fill: '#f3f4f6',
  accent: '#0f5132',
  accentFill: '#eef6f1',
};
const STATUS_COLORS: Record<Invoice['status'], string> = {
  draft: '#6b7280',
  sent: '#1d4ed8',
  partially_paid: '#b45309',
  paid: '#15803d',
  overdue: '#b91c1c',
  cancelled: '#6b7280',
};

type Align = 'left' | 'right' | 'center';
/** `fit`: amounts and dates, kept on one line each by making the type smaller when they are too wide. */
type Column = { header: string; width: number; align?: Align; fit?: boolean };
type Cell = string | { text: string; bold?: boolean; color?: string };

const amountFormat = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const quantityFormat = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 3 });
const percentFormat = new Intl.NumberFormat('en-NG', { maximumFractionDigits: 2 });

/** Naira to kobo, never throwing (contracts' `toKobo` refuses amounts past 2^53 kobo). */
const koboOf = (naira: number): number => (Number.isFinite(naira) ? Math.round(naira * 100) : 0);

const validZone = (zone: string): string => {
  try {
    new Intl.DateTimeFormat('en-NG', { timeZone: zone });
    return zone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
};

class InvoiceWriter {
  readonly doc: PDFKit.PDFDocument;
  readonly left = PAGE_MARGIN;
  readonly width: number;
  y = PAGE_MARGIN;
  private readonly fonts: Fonts;
  private readonly dayFormat: Intl.DateTimeFormat;
  private readonly instantFormat: Intl.DateTimeFormat;

  constructor(doc: PDFKit.PDFDocument, fonts: Fonts, timeZone: string) {
    this.doc = doc;
    this.fonts = fonts;
    this.width = doc.page.width - 2 * PAGE_MARGIN;
    const date = { day: 'numeric', month: 'short', year: 'numeric' } as const;
    this.dayFormat = new Intl.DateTimeFormat('en-NG', { ...date, timeZone: 'UTC' });
    this.instantFormat = new Intl.DateTimeFormat('en-NG', { ...date, timeZone: validZone(timeZone) });
  }

  get bottom() {
    return this.doc.page.maxY();
  }

  /** User text made drawable by the font in use. */
  t(s: string | null | undefined): string {
    const clean = cleanText(s ?? '');
    if (!this.fonts.embedded) return toWinAnsi(clean);
    return this.fonts.covered ? toCovered(clean, this.fonts.covered) : clean;
  }

  money(naira: number): string {
    const kobo = koboOf(naira);
    const sign = kobo < 0 ? '-' : '';
    return `${sign}${this.fonts.embedded ? '₦' : 'NGN '}${amountFormat.format(Math.abs(kobo) / 100)}`;
  }

  /** A day (YYYY-MM-DD) as it is; an instant in the business's zone. */
  date(value: string | null | undefined): string {
    if (!value) return '';
    const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    const when = day
      ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])))
      : new Date(value);
    if (Number.isNaN(when.getTime())) return this.t(value);
    return (day ? this.dayFormat : this.instantFormat).format(when);
  }

  font(bold: boolean, size: number) {
    this.doc.font(bold ? 'bold' : 'regular').fontSize(size);
    return this;
  }

  /** The size at which each line of `text` fits in `width` (at most `size`). */
  fitSize(text: string, width: number, bold: boolean, size: number): number {
    this.font(bold, size);
    const widest = Math.max(...text.split('\n').map((line) => this.doc.widthOfString(line)));
    return widest > width ? Math.max(4, (size * width) / widest - 0.05) : size;
  }

  height(text: string, width: number, bold = false, size = 9, fit = false): number {
    this.font(bold, fit ? this.fitSize(text, width, bold, size) : size);
    return this.doc.heightOfString(text || ' ', { width });
  }

  /** Writes text in a box that never starts a page by itself (its height is given). */
  write(
    text: string,
    x: number,
    y: number,
    width: number,
    opts: {
      bold?: boolean;
      size?: number;
      color?: string;
      align?: Align;
      height?: number;
      fit?: boolean;
    } = {},
  ): number {
    const size = opts.fit ? this.fitSize(text, width, opts.bold ?? false, opts.size ?? 9) : (opts.size ?? 9);
    const height = opts.height ?? this.height(text, width, opts.bold, size);
    this.font(opts.bold ?? false, size).doc.fillColor(opts.color ?? COLOR.text);
    this.doc.text(text, x, y, { width, height: height + 0.5, align: opts.align ?? 'left', ellipsis: true });
    return height;
  }

  newPage() {
    this.doc.addPage();
    this.y = PAGE_MARGIN;
  }

  /** Starts a new page unless `height` more fits on this one. */
  ensure(height: number) {
    if (this.y + height > this.bottom) this.newPage();
  }

  rule(y = this.y, color = COLOR.rule, x = this.left, width = this.width) {
    this.doc
      .moveTo(x, y)
      .lineTo(x + width, y)
      .lineWidth(0.75)
      .strokeColor(color)
      .stroke();
  }

  heading(title: string, keepWithNext: number) {
    this.y += 16;
    this.ensure(22 + keepWithNext);
    this.write(title, this.left, this.y, this.width, { bold: true, size: 11, color: COLOR.accent });
    this.y += 18;
  }

  /** A table whose rows flow onto further pages, its header row repeated on each. */
  table(columns: Column[], rows: Cell[][], title?: string) {
    const padX = 5;
    const padY = 4;
    const size = 8.5;
    const maxRowHeight = (this.bottom - PAGE_MARGIN) / 2;
    const headerHeight =
      Math.max(...columns.map((c) => this.height(c.header, c.width - 2 * padX, true, size))) + 2 * padY;
    const cellOf = (cell: Cell) => (typeof cell === 'string' ? { text: cell } : cell);
    const rowHeight = (row: Cell[]) =>
      Math.min(
        maxRowHeight,
        Math.max(
          ...columns.map((c, i) => {
            const cell = cellOf(row[i] ?? '');
            return this.height(cell.text, c.width - 2 * padX, cell.bold, size, c.fit);
          }),
        ) +
          2 * padY,
      );
    const drawHeader = () => {
      this.doc.rect(this.left, this.y, this.width, headerHeight).fill(COLOR.fill);
      let x = this.left;
      for (const c of columns) {
        this.write(c.header, x + padX, this.y + padY, c.width - 2 * padX, {
          bold: true,
          size,
          color: COLOR.muted,
          align: c.align,
        });
        x += c.width;
      }
      this.y += headerHeight;
    };
    const first = rows[0] ? rowHeight(rows[0]) : 0;
    if (title) this.heading(title, headerHeight + first);
    else this.ensure(headerHeight + first);
    drawHeader();
    for (const row of rows) {
      const height = rowHeight(row);
      if (this.y + height > this.bottom) {
        this.newPage();
        drawHeader();
      }
      let x = this.left;
      columns.forEach((c, i) => {
        const cell = cellOf(row[i] ?? '');
        this.write(cell.text, x + padX, this.y + padY, c.width - 2 * padX, {
          bold: cell.bold,
          size,
          color: cell.color,
          align: c.align,
          height: height - 2 * padY,
          fit: c.fit,
        });
        x += c.width;
      });
      this.y += height;
      this.rule();
    }
  }

  /** Page numbers and the invoice number at the foot of every page. */
  footers(label: string) {
    const range = this.doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      this.doc.switchToPage(i);
      const margins = this.doc.page.margins;
      const bottom = margins.bottom;
      margins.bottom = 0;
      const y = this.doc.page.height - PAGE_MARGIN + 8;
      this.rule(y - 6);
      const half = this.width / 2;
      this.write(label, this.left, y, half + 60, { size: 7.5, color: COLOR.muted, height: 10 });
      this.write(`Page ${i - range.start + 1} of ${range.count}`, this.left + half, y, half, {
        size: 7.5,
        color: COLOR.muted,
        align: 'right',
        height: 10,
      });
      margins.bottom = bottom;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The invoice

const percent = (rate: number) => `${percentFormat.format(rate)}%`;

const drawHeader = (w: InvoiceWriter, input: InvoicePdfInput) => {
  const { invoice, business } = input;
  const top = w.y;
  const rightWidth = 190;
  const rightX = w.left + w.width - rightWidth;
  let textX = w.left;
  let logoHeight = 0;
  if (input.logo && input.logo.length > 0) {
    const drawn = drawLogo(w.doc, input.logo, w.left, top, [120, 60]);
    if (drawn > 0) {
      textX = w.left + drawn + 12;
      logoHeight = 60;
    }
  }
  const textWidth = rightX - 16 - textX;
  let y = top;
  // A very long name is cut (with an ellipsis) after four lines.
  const nameHeight = Math.min(w.height(w.t(business.name), textWidth, true, 15), 4 * 18);
  y += w.write(w.t(business.name), textX, y, textWidth, { bold: true, size: 15, height: nameHeight }) + 3;
  const contact = [business.address, [business.phone, business.email].filter(Boolean).join('  ·  ')];
  for (const line of contact) {
    if (line) y += w.write(w.t(line), textX, y, textWidth, { size: 8.5, color: COLOR.muted }) + 1;
  }

  let ry = top;
  ry += w.write('INVOICE', rightX, ry, rightWidth, {
    bold: true,
    size: 22,
    color: COLOR.accent,
    align: 'right',
  });
  ry += w.write(invoice.number ? w.t(invoice.number) : 'Draft', rightX, ry, rightWidth, {
    bold: true,
    size: 12,
    align: 'right',
  });
  if (invoice.number || invoice.status !== 'draft') {
    ry += 4;
    ry += w.write(INVOICE_STATUS_LABELS[invoice.status] ?? invoice.status, rightX, ry, rightWidth, {
      bold: true,
      size: 9.5,
      color: STATUS_COLORS[invoice.status] ?? COLOR.text,
      align: 'right',
    });
  }
  w.y = Math.max(y, ry, top + logoHeight) + 14;
  w.rule(w.y, COLOR.accent);
  w.y += 14;
};

const drawParties = (w: InvoiceWriter, invoice: Invoice) => {
  const top = w.y;
  const half = w.width / 2;
  let y = top;
  y += w.write('BILL TO', w.left, y, half - 20, { bold: true, size: 8, color: COLOR.muted }) + 3;
  y += w.write(w.t(invoice.client_name), w.left, y, half - 20, { bold: true, size: 11 }) + 2;
  for (const line of [invoice.client_email, invoice.client_phone]) {
    if (line) y += w.write(w.t(line), w.left, y, half - 20, { size: 9 }) + 1;
  }

  const labelWidth = 90;
  const x = w.left + half + 20;
  const valueWidth = w.width - half - 20 - labelWidth;
  let ry = top;
  const rows: [string, string, boolean][] = [
    ['Invoice number', invoice.number ? w.t(invoice.number) : 'Draft', false],
    ['Issue date', w.date(invoice.issue_date), false],
    ['Due date', w.date(invoice.due_date), false],
    ['Balance due', w.money(invoice.balance), true],
  ];
  for (const [label, value, bold] of rows) {
    const h = Math.max(
      w.write(label, x, ry, labelWidth, { size: 9, color: COLOR.muted }),
      w.write(value, x + labelWidth, ry, valueWidth, {
        size: bold ? 10 : 9,
        bold,
        align: 'right',
        fit: true,
      }),
    );
    ry += h + 3;
  }
  w.y = Math.max(y, ry) + 6;
};

const lineDiscount = (w: InvoiceWriter, line: Invoice['items'][number]): string => {
  if (!line.discount_type || !line.discount) return '';
  const offKobo = Math.round(koboOf(line.price) * line.quantity) - koboOf(line.total);
  const amount = offKobo > 0 ? `-${w.money(offKobo / 100)}` : '';
  if (line.discount_type === 'percentage')
    return amount ? `${amount}\n(${percent(line.discount)})` : percent(line.discount);
  return amount || `-${w.money(line.discount)}`;
};

const drawItems = (w: InvoiceWriter, invoice: Invoice) => {
  const numbers = 30;
  const qty = 46;
  const price = 88;
  const discount = 84;
  const total = 92;
  w.table(
    [
      { header: '#', width: numbers, align: 'right' },
      { header: 'Item', width: w.width - numbers - qty - price - discount - total },
      { header: 'Qty', width: qty, align: 'right', fit: true },
      { header: 'Unit price', width: price, align: 'right', fit: true },
      { header: 'Discount', width: discount, align: 'right', fit: true },
      { header: 'Total', width: total, align: 'right', fit: true },
    ],
    invoice.items.map((l, i) => [
      { text: String(i + 1), color: COLOR.muted },
      w.t(l.name),
      quantityFormat.format(l.quantity),
      w.money(l.price),
      lineDiscount(w, l),
      { text: w.money(l.total), bold: true },
    ]),
  );
};

/** Totals on the right; the "How to pay" box on the left of them. */
const drawTotals = (w: InvoiceWriter, input: InvoicePdfInput) => {
  const { invoice } = input;
  const orderDiscountKobo = koboOf(invoice.subtotal) - (koboOf(invoice.total) - koboOf(invoice.tax_total));
  const rows: { label: string; value: string; strong?: boolean; color?: string }[] = [
    { label: 'Subtotal', value: w.money(invoice.subtotal) },
  ];
  if (orderDiscountKobo > 0) {
    const rate =
      invoice.discount_type === 'percentage' && invoice.discount ? ` (${percent(invoice.discount)})` : '';
    rows.push({ label: `Discount${rate}`, value: `-${w.money(orderDiscountKobo / 100)}` });
  }
  for (const tax of invoice.taxes)
    rows.push({ label: `${w.t(tax.name)} (${percent(tax.rate)})`, value: w.money(tax.amount) });
  rows.push({ label: 'Total', value: w.money(invoice.total), strong: true });
  rows.push({
    label: 'Amount paid',
    value: invoice.amount_paid > 0 ? `-${w.money(invoice.amount_paid)}` : w.money(0),
  });
  if (invoice.amount_credited > 0)
    rows.push({ label: 'Credited', value: `-${w.money(invoice.amount_credited)}` });

  const boxWidth = 250;
  const x = w.left + w.width - boxWidth;
  const labelWidth = 130;
  const measure = (r: (typeof rows)[number]) =>
    Math.max(
      w.height(r.label, labelWidth, r.strong, 9.5),
      w.height(r.value, boxWidth - labelWidth, true, 9.5, true),
    ) + 5;
  const balanceHeight = 26;
  const totalsHeight =
    rows.reduce((a, r) => a + measure(r), 0) + balanceHeight + (invoice.refund_due > 0 ? 18 : 0) + 8;

  const pay = input.payTo;
  const payWidth = w.width - boxWidth - 24;
  const payLines: [string, string, boolean][] = pay
    ? [
        ['Bank', w.t(pay.bank_name), false],
        ['Account number', w.t(pay.account_number), true],
        ['Account name', w.t(pay.account_name), false],
        ...(invoice.balance > 0
          ? [['Amount', w.money(invoice.balance), true] as [string, string, boolean]]
          : []),
        ...(invoice.number ? [['Reference', w.t(invoice.number), false] as [string, string, boolean]] : []),
      ]
    : [];
  const payLabel = 92;
  const payRow = (l: [string, string, boolean]) =>
    Math.max(
      w.height(l[0], payLabel, false, 9),
      w.height(l[1], payWidth - 20 - payLabel, l[2], l[2] ? 10.5 : 9, l[2]),
    ) + 4;
  const payHeight = pay ? 34 + payLines.reduce((a, l) => a + payRow(l), 0) : 0;

  w.y += 12;
  w.ensure(Math.max(totalsHeight, payHeight));
  const top = w.y;

  if (pay) {
    w.doc.roundedRect(w.left, top, payWidth, payHeight, 6).fillAndStroke(COLOR.accentFill, COLOR.accent);
    let py = top + 10;
    py +=
      w.write('How to pay', w.left + 10, py, payWidth - 20, { bold: true, size: 11, color: COLOR.accent }) +
      6;
    for (const line of payLines) {
      const h = payRow(line);
      w.write(line[0], w.left + 10, py, payLabel, { size: 9, color: COLOR.muted });
      w.write(line[1], w.left + 10 + payLabel, py, payWidth - 20 - payLabel, {
        size: line[2] ? 10.5 : 9,
        bold: line[2],
        fit: line[2],
      });
      py += h;
    }
  }

  let y = top;
  for (const r of rows) {
    const h = measure(r);
    if (r.strong) w.rule(y - 2, COLOR.rule, x, boxWidth);
    w.write(r.label, x, y + 2, labelWidth, {
      bold: r.strong,
      size: 9.5,
      color: r.strong ? COLOR.text : COLOR.muted,
    });
    w.write(r.value, x + labelWidth, y + 2, boxWidth - labelWidth, {
      bold: true,
      size: 9.5,
      align: 'right',
      fit: true,
    });
    y += h;
  }
  y += 4;
  w.doc.rect(x, y, boxWidth, balanceHeight - 4).fill(COLOR.accent);
  w.write('Balance due', x + 8, y + 6, labelWidth, { bold: true, size: 10.5, color: '#ffffff' });
  w.write(w.money(invoice.balance), x + labelWidth - 20, y + 6, boxWidth - labelWidth + 12, {
    bold: true,
    size: 10.5,
    fit: true,
    color: '#ffffff',
    align: 'right',
  });
  y += balanceHeight;
  if (invoice.refund_due > 0) {
    w.write('Refund due to you', x, y + 2, labelWidth, { size: 9, color: COLOR.muted });
    w.write(w.money(invoice.refund_due), x + labelWidth, y + 2, boxWidth - labelWidth, {
      bold: true,
      fit: true,
      size: 9,
      align: 'right',
    });
    y += 18;
  }
  w.y = Math.max(y, top + payHeight) + 4;
};

const drawNotes = (w: InvoiceWriter, notes: string) => {
  const text = w.t(notes).trim();
  if (!text) return;
  w.heading('Notes', 14);
  // No height: pdfkit flows long notes onto further pages by itself (within the page margins).
  w.font(false, 9).doc.fillColor(COLOR.text);
  w.doc.text(text, w.left, w.y, { width: w.width });
  w.y = w.doc.y;
};

/** The invoice as a PDF file's bytes. */
export const renderInvoicePdf = async (
  input: InvoicePdfInput,
  options: InvoicePdfOptions = {},
): Promise<Buffer> => {
  const { invoice, business } = input;
  const title = `Invoice ${invoice.number ?? 'Draft'} — ${business.name}`;
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: PAGE_MARGIN, left: PAGE_MARGIN, right: PAGE_MARGIN, bottom: PAGE_MARGIN + FOOTER_SPACE },
    bufferPages: true,
    compress: options.compress ?? true,
    displayTitle: true,
    lang: 'en-NG',
    info: { Title: cleanText(title), Author: cleanText(business.name), Creator: 'Invoices' },
  });
  const done = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  let fonts = options.standardFonts ? HELVETICA : loadFonts();
  try {
    doc.registerFont('regular', fonts.regular).registerFont('bold', fonts.bold).font('regular');
  } catch {
    fonts = HELVETICA;
    doc.registerFont('regular', fonts.regular).registerFont('bold', fonts.bold).font('regular');
  }
  const w = new InvoiceWriter(doc, fonts, input.timeZone);

  drawHeader(w, input);
  drawParties(w, invoice);
  drawItems(w, invoice);
  drawTotals(w, input);

  if (invoice.milestones.length > 0) {
    w.table(
      [
        { header: 'Milestone', width: w.width - 300 },
        { header: 'Due date', width: 90, fit: true },
        { header: 'Amount', width: 110, align: 'right', fit: true },
        { header: 'Status', width: 100 },
      ],
      invoice.milestones.map((m) => [
        w.t(m.name),
        w.date(m.due_date),
        w.money(m.amount),
        { text: MILESTONE_STATUS_LABELS[m.status] ?? m.status, bold: true },
      ]),
      'Payment schedule',
    );
  }
  if (invoice.payments.length > 0) {
    w.table(
      [
        { header: 'Date', width: 90, fit: true },
        { header: 'Method', width: 130 },
        { header: 'Reference', width: w.width - 330 },
        { header: 'Amount', width: 110, align: 'right', fit: true },
      ],
      invoice.payments.map((p) => [
        w.date(p.paid_at),
        INVOICE_PAYMENT_METHOD_LABELS[p.method] ?? p.method,
        w.t([p.reference, p.payer_name ? `from ${p.payer_name}` : null].filter(Boolean).join('\n')) || '—',
        w.money(p.amount),
      ]),
      'Payments received',
    );
  }
  if (invoice.credit_notes.length > 0) {
    w.table(
      [
        { header: 'Credit note', width: 90 },
        { header: 'Date', width: 90, fit: true },
        { header: 'Reason', width: w.width - 290 },
        { header: 'Amount', width: 110, align: 'right', fit: true },
      ],
      invoice.credit_notes.map((c) => [
        w.t(c.number),
        w.date(c.created_at),
        w.t(c.reason),
        w.money(c.amount),
      ]),
      'Credit notes',
    );
  }
  if (invoice.notes) drawNotes(w, invoice.notes);

  w.footers(w.t(`Invoice ${invoice.number ?? 'Draft'} · ${business.name}`));
  doc.end();
  return done;
};
