import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCashier, createTestApp, signUp, type TestApp } from '../helper.js';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
});
afterAll(async () => t.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  randomBytes(64),
]);

type Part = { name: string; data: Buffer | string; filename?: string; type?: string };

/** A multipart/form-data body as a browser sends it. */
const multipart = (parts: Part[]) => {
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

const upload = (parts: Part[], token: string | undefined = owner.token) => {
  const { body, headers } = multipart(parts);
  return t.request({ method: 'POST', url: '/v1/uploads/', token, body, headers });
};

describe('POST /v1/uploads/', () => {
  it('keeps a PNG and serves the same bytes at the URL it answers', async () => {
    const res = await upload([{ name: 'file', filename: 'logo.png', type: 'image/png', data: PNG }]);
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data.url).toMatch(new RegExp(`^/files/${owner.businessId}/[0-9a-f-]{36}\\.png$`));
    expect(data.file_url).toMatch(/^https?:\/\/.+\/files\//);
    expect(data.file_url.endsWith(data.url)).toBe(true);
    expect(data).toMatchObject({ mime_type: 'image/png', size: PNG.length });

    const served = await t.app.inject({ method: 'GET', url: data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('image/png');
    expect(Buffer.compare(served.rawPayload, PNG)).toBe(0);

    const row = await t.db
      .selectFrom('uploads')
      .selectAll()
      .where('business_id', '=', owner.businessId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: owner.userId,
      mime_type: 'image/png',
      size: PNG.length,
      original_name: 'logo.png',
    });
  });

  it('keeps a JPEG as .jpg', async () => {
    const res = await upload([{ name: 'file', filename: 'photo.jpeg', type: 'image/jpeg', data: JPEG }]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.url).toMatch(/\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url: res.json().data.url });
    expect(Buffer.compare(served.rawPayload, JPEG)).toBe(0);
  });

  it('refuses what is not really a PNG or JPEG with "Invalid Type" (400)', async () => {
    const fake = await upload([
      { name: 'file', filename: 'evil.png', type: 'image/png', data: '<script>alert(1)</script>' },
    ]);
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({ status: false, message: expect.stringContaining('Invalid Type') });
    const pdf = await upload([{ name: 'file', filename: 'doc.pdf', type: 'application/pdf', data: PNG }]);
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().message).toContain('Invalid Type');
    const kept = await t.db
      .selectFrom('uploads')
      .select('path')
      .where('original_name', 'in', ['evil.png', 'doc.pdf'])
      .execute();
    expect(kept).toEqual([]);
  });

  it('refuses a file over 10 MB with a clear message', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const res = await upload([{ name: 'file', filename: 'big.png', type: 'image/png', data: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      status: false,
      data: null,
      message: expect.stringContaining('10 MB'),
    });
  });

  it('names the file field when it is missing (400)', async () => {
    const noFile = await upload([{ name: 'note', data: 'hello' }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toContain('file');
    const wrongField = await upload([{ name: 'image', filename: 'a.png', type: 'image/png', data: PNG }]);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toContain('"file"');
    const json = await t.request({
      method: 'POST',
      url: '/v1/uploads/',
      token: owner.token,
      body: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toContain('file');
  });

  it('needs a token (401); any role may upload, into its own business', async () => {
    const anon = await upload([{ name: 'file', filename: 'a.png', type: 'image/png', data: PNG }], '');
    expect(anon.statusCode).toBe(401);
    const cashier = await addCashier(t, owner);
    const res = await upload(
      [{ name: 'file', filename: 'a.png', type: 'image/png', data: PNG }],
      cashier.token,
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.url).toContain(`/files/${owner.businessId}/`);
  });
});
