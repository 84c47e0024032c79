import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { expect } from 'vitest';
import { buildApp } from '../../src/app.js';
import { readEnv } from '../../src/config/env.js';
import type { TestApp } from '../helper.js';

export type Part = { name: string; data: Buffer | string; filename?: string; type?: string };

/** A multipart/form-data body as a browser sends it. */
export const multipart = (parts: Part[]) => {
  const boundary = `----ms${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

export type Caller = { businessId: string; token: string; device?: string };

export const uploadFile = (
  t: TestApp,
  caller: Caller,
  file: { data: Buffer | string; filename?: string; type?: string } | null,
  opts: { storeId?: string; businessId?: string } = {},
) => {
  const parts: Part[] = [];
  if (opts.storeId) parts.push({ name: 'store_id', data: opts.storeId });
  if (file)
    parts.push({
      name: 'file',
      filename: file.filename ?? 'products.csv',
      type: file.type ?? 'text/csv',
      data: file.data,
    });
  const { body, headers } = multipart(parts);
  return t.request({
    method: 'POST',
    url: `/v1/businesses/${opts.businessId ?? caller.businessId}/uploadproducts`,
    token: caller.token,
    device: caller.device,
    body,
    headers,
  });
};

/** CSV text from rows of cells (quoted where needed). */
export const csv = (rows: (string | number)[][]) =>
  rows
    .map((r) =>
      r.map((c) => (/[",\n]/.test(String(c)) ? `"${String(c).replaceAll('"', '""')}"` : String(c))).join(','),
    )
    .join('\n') + '\n';

type Batch = {
  batch_number: number;
  status: string;
  total_rows: number;
  processed_rows: number;
  succeeded_rows: number;
  failed_rows: number;
  progress: number;
};

/** Polls the batch list (as a user would) until the batch is completed or failed. */
export const waitForBatch = async (
  t: TestApp,
  caller: Caller,
  batchNumber: number,
  timeoutMs = 60_000,
): Promise<Batch> => {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await t.request({
      method: 'GET',
      url: `/v1/businesses/${caller.businessId}/uploadproducts/batches?limit=100`,
      token: caller.token,
      device: caller.device,
    });
    expect(res.statusCode).toBe(200);
    const batch = (res.json().data.items as Batch[]).find((b) => b.batch_number === batchNumber);
    if (!batch) throw new Error(`batch ${batchNumber} not listed`);
    if (batch.status === 'completed' || batch.status === 'failed') return batch;
    if (Date.now() > until)
      throw new Error(`batch ${batchNumber} still ${batch.status}: ${JSON.stringify(batch)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const column = (i: number) => String.fromCharCode(65 + i);

/** A minimal .xlsx workbook (one sheet; numbers as numeric cells, the rest inline strings). */
export const xlsx = (rows: (string | number)[][]): Buffer => {
  const sheetRows = rows
    .map((r, ri) => {
      const cells = r
        .map((c, ci) => {
          const ref = `${column(ci)}${ri + 1}`;
          return typeof c === 'number'
            ? `<c r="${ref}"><v>${c}</v></c>`
            : `<c r="${ref}" t="inlineStr"><is><t>${xmlEscape(c)}</t></is></c>`;
        })
        .join('');
      return `<row r="${ri + 1}">${cells}</row>`;
    })
    .join('');
  const files = {
    '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    '_rels/.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Products" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
  };
  return Buffer.from(
    zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, strToU8(text)]))),
  );
};

/** A second server process on the same database (a replica, or the server after a restart). */
export const startReplica = async (t: TestApp) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ms-replica-'));
  const env = {
    ...readEnv([], { DATA_DIR: dataDir, JWT_SECRET: 'test-secret-0123456789-abcdefghij' }),
    webDist: join(dataDir, 'no-web'),
  };
  const app = await buildApp({ env, db: t.db, notifier: t.notifier, jobs: t.jobs, logger: false });
  await app.ready();
  return app;
};

/** n rows; every `failEvery`th has no selling price. */
export const bigFile = (n: number, prefix: string, failEvery = 1000) =>
  csv([
    ['name', 'sku', 'category', 'selling_price', 'cost_price', 'stock'],
    ...Array.from({ length: n }, (_, i) => [
      `${prefix} product ${i + 1}`,
      `${prefix}-${i + 1}`,
      `Category ${i % 20}`,
      i % failEvery === failEvery - 1 ? '' : String(100 + (i % 500)),
      '50',
      String(i % 7),
    ]),
  ]);
