import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BackupResult } from './backup.js';

/**
 * The embedded database may be opened by one process only. The process that has it open (the server,
 * or a backup/restore command when no server runs) listens on a local socket tied to the data folder:
 * listening is the lock, and the socket is how `npm run backup` asks the running server for a backup.
 * Only the folder's owner can connect (mode 0600), so no token is needed.
 */
export type ControlRequest = { command: 'hello' } | { command: 'backup'; dir: string; keep: number };
export type ControlReply =
  { ok: true; pid: number; role: string; backup?: BackupResult } | { ok: false; error: string };

export const controlSocketPath = (dataDir: string): string => {
  const dir = resolve(dataDir);
  const hash = createHash('sha256').update(dir).digest('hex').slice(0, 16);
  if (process.platform === 'win32') return `\\\\.\\pipe\\merchant-${hash}`;
  const inDir = join(dir, 'control.sock');
  // Socket paths are limited to ~107 bytes; a deep data folder gets one in the temp folder instead.
  return Buffer.byteLength(inDir) <= 100 ? inDir : join(tmpdir(), `merchant-${hash}.sock`);
};

/** Sends one request to whoever holds the data folder; null when nobody does. */
export const askHolder = (dataDir: string, request: ControlRequest): Promise<ControlReply | null> =>
  new Promise((done, fail) => {
    const socket = createConnection(controlSocketPath(dataDir));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => {
      try {
        done(JSON.parse(answer) as ControlReply);
      } catch {
        fail(new Error('the process holding the data folder closed the connection without an answer'));
      }
    });
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ENOENT' || error.code === 'ECONNREFUSED' ? done(null) : fail(error),
    );
  });

export type DataDirHold = {
  /** Answers backup requests with this function from now on. */
  serveBackups: (backup: (dir: string, keep: number) => Promise<BackupResult>) => void;
  release: () => Promise<void>;
};

const listen = (server: Server, path: string) =>
  new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(path, () => {
      server.off('error', fail);
      done();
    });
  });

/**
 * Takes the data folder for this process (`role` says who, in the message another process gets), or
 * throws when another live process has it. A socket left by a process that died is taken over.
 */
export const holdDataDir = async (dataDir: string, role: string): Promise<DataDirHold> => {
  mkdirSync(dataDir, { recursive: true });
  const path = controlSocketPath(dataDir);
  let backup: ((dir: string, keep: number) => Promise<BackupResult>) | undefined;
  const server = createServer((socket) => {
    let request = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      request += chunk;
      if (!request.includes('\n')) return;
      const reply = async (): Promise<ControlReply> => {
        const parsed = JSON.parse(request) as ControlRequest;
        if (parsed.command === 'hello') return { ok: true, pid: process.pid, role };
        if (parsed.command === 'backup') {
          if (!backup) return { ok: false, error: `the ${role} is not ready for backups yet; try again` };
          return { ok: true, pid: process.pid, role, backup: await backup(parsed.dir, parsed.keep) };
        }
        return { ok: false, error: 'unknown command' };
      };
      reply()
        .catch((error: unknown) => ({ ok: false as const, error: (error as Error).message ?? String(error) }))
        .then((answer) => socket.end(JSON.stringify(answer)));
    });
  });
  try {
    await listen(server, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    const holder = await askHolder(dataDir, { command: 'hello' });
    if (holder?.ok)
      throw new Error(
        `the data folder ${dataDir} is in use by another process (${holder.role}, pid ${holder.pid})`,
      );
    if (holder) throw new Error(`the data folder ${dataDir} is in use by another process`);
    if (process.platform !== 'win32') rmSync(path, { force: true });
    await listen(server, path);
  }
  if (process.platform !== 'win32') chmodSync(path, 0o600);
  return {
    serveBackups: (fn) => {
      backup = fn;
    },
    release: async () => {
      await new Promise<void>((done) => server.close(() => done()));
      if (process.platform !== 'win32') rmSync(path, { force: true });
    },
  };
};
