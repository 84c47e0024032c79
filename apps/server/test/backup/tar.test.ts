import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { readTar, tarWriter } from '../../src/backup/tar.js';

const tmp = mkdtempSync(join(tmpdir(), 'ms-tar-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const entries = [
  { name: 'manifest.json', content: Buffer.from('{"a":1}') },
  { name: 'data/empty', content: Buffer.alloc(0) },
  { name: 'data/exactly-one-block', content: Buffer.alloc(512, 7) },
  // Longer than ustar's 100-byte name field: the folders go in the prefix field.
  { name: `data/uploads/${'b'.repeat(60)}/${'f'.repeat(80)}.png`, content: Buffer.alloc(1500, 9) },
];

const archive = async () => {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const tar = tarWriter(out);
  for (const e of entries) await tar.addBuffer(e.name, e.content);
  const onDisk = join(tmp, 'on-disk');
  writeFileSync(onDisk, 'from a file');
  await tar.addFile('data/jwt-secret', onDisk, 11, new Date());
  await tar.finish();
  out.end();
  return Buffer.concat(chunks);
};

describe('backup archive (ustar)', () => {
  it('reads back every file it wrote, names longer than 100 bytes included, in small chunks', async () => {
    const bytes = await archive();
    // Fed 100 bytes at a time, as a slow disk or gunzip would.
    const pieces = Array.from({ length: Math.ceil(bytes.length / 100) }, (_, i) =>
      bytes.subarray(i * 100, i * 100 + 100),
    );
    const read = [];
    for await (const e of readTar(Readable.from(pieces))) read.push({ name: e.name, content: e.content });
    expect(read).toEqual([...entries, { name: 'data/jwt-secret', content: Buffer.from('from a file') }]);
  });

  it('is an archive GNU tar lists', async () => {
    const file = join(tmp, 'a.tar');
    writeFileSync(file, await archive());
    const listed = execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim().split('\n');
    expect(listed).toEqual([...entries.map((e) => e.name), 'data/jwt-secret']);
  });

  it('says when a file is not an archive', async () => {
    const read = async () => {
      for await (const _ of readTar(Readable.from([Buffer.alloc(512, 65)]))) void _;
    };
    await expect(read()).rejects.toThrow('not a backup archive (bad header)');
  });
});
