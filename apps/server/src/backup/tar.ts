import { createReadStream } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { once } from 'node:events';

/**
 * The few lines of POSIX ustar a backup needs (regular files only), so the archive opens with any `tar`
 * and the server needs no dependency for it. Entries are written one after another to a stream; a file's
 * size must be known before its header, so big content comes from a file on disk.
 */
const BLOCK = 512;

const octal = (value: number, width: number) => value.toString(8).padStart(width - 1, '0') + '\0';

const splitName = (name: string): { name: string; prefix: string } => {
  if (Buffer.byteLength(name) <= 100) return { name, prefix: '' };
  // ustar keeps up to 155 bytes of directories in `prefix` and the rest (<= 100 bytes) in `name`.
  for (let i = name.indexOf('/'); i !== -1; i = name.indexOf('/', i + 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100) return { name: rest, prefix };
  }
  throw new Error(`path too long for the archive: ${name}`);
};

const header = (path: string, size: number, mtime: Date): Buffer => {
  const block = Buffer.alloc(BLOCK);
  const { name, prefix } = splitName(path);
  block.write(name, 0, 100, 'utf8');
  block.write(octal(0o644, 8), 100, 'ascii');
  block.write(octal(0, 8), 108, 'ascii');
  block.write(octal(0, 8), 116, 'ascii');
  block.write(octal(size, 12), 124, 'ascii');
  block.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  block.write('        ', 148, 'ascii');
  block.write('0', 156, 'ascii');
  block.write('ustar\0', 257, 'ascii');
  block.write('00', 263, 'ascii');
  block.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(octal(sum, 7) + ' ', 148, 'ascii');
  return block;
};

const write = async (out: Writable, chunk: Buffer) => {
  if (!out.write(chunk)) await once(out, 'drain');
};

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

export const tarWriter = (out: Writable) => ({
  /** Adds a file whose content is in memory. */
  addBuffer: async (name: string, content: Buffer, mtime = new Date()) => {
    await write(out, header(name, content.length, mtime));
    await write(out, content);
    await write(out, padding(content.length));
  },
  /** Adds a file from disk, streamed; `size` is what the caller stat'ed and exactly that many bytes go in. */
  addFile: async (name: string, path: string, size: number, mtime: Date) => {
    await write(out, header(name, size, mtime));
    let written = 0;
    if (size > 0) {
      for await (const chunk of createReadStream(path, { end: size - 1 }) as AsyncIterable<Buffer>) {
        written += chunk.length;
        await write(out, chunk);
      }
    }
    if (written !== size) throw new Error(`${path} changed size while it was archived`);
    await write(out, padding(size));
  },
  /** Two zero blocks end the archive. */
  finish: async () => write(out, Buffer.alloc(BLOCK * 2)),
});

export type TarEntry = { name: string; size: number; content: Buffer };

const field = (block: Buffer, start: number, length: number) => {
  const raw = block.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
};

/**
 * Reads an archive entry by entry (each entry's content in memory, one at a time). Only regular files
 * are returned; anything else is skipped.
 */
export async function* readTar(input: Readable): AsyncGenerator<TarEntry> {
  const chunks: Buffer[] = [];
  let buffered = 0;
  const iterator = (input as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  const take = async (n: number): Promise<Buffer | null> => {
    while (buffered < n) {
      const next = await iterator.next();
      if (next.done) return null;
      chunks.push(next.value);
      buffered += next.value.length;
    }
    const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    const out = all.subarray(0, n);
    chunks.length = 0;
    if (all.length > n) chunks.push(all.subarray(n));
    buffered -= n;
    return out;
  };
  for (;;) {
    const block = await take(BLOCK);
    if (!block || block.every((byte) => byte === 0)) return;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
    if (parseInt(field(block, 148, 8).trim(), 8) !== sum)
      throw new Error('not a backup archive (bad header)');
    const size = parseInt(field(block, 124, 12).trim() || '0', 8);
    const prefix = field(block, 345, 155);
    const name = (prefix ? `${prefix}/` : '') + field(block, 0, 100);
    const type = String.fromCharCode(block[156]!);
    const content = await take(size);
    if (!content) throw new Error(`the archive ends inside ${name}`);
    await take(padding(size).length);
    if (type === '0' || type === '\0') yield { name, size, content: Buffer.from(content) };
  }
}
