import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Configuration read once from the environment at start-up. */
export type Env = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string;
  seedDemo: boolean;
  notifications: 'sandbox';
  logLevel: string;
  webDist: string | undefined;
  isProduction: boolean;
  /** GET /dev/outbox: the sandbox's sent messages (OTPs!). Never in production unless asked for. */
  exposeOutbox: boolean;
};

/** The signing secret: JWT_SECRET, else one generated once and kept in the data folder. */
const loadSecret = (dataDir: string): string => {
  if (process.env.JWT_SECRET) return process.env.JWT_SECRET;
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
};

export const readEnv = (argv: string[] = process.argv, source: NodeJS.ProcessEnv = process.env): Env => {
  const dataDir = resolve(source.DATA_DIR ?? './data');
  const port = Number(source.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${source.PORT}`);
  return {
    port,
    host: source.HOST ?? '0.0.0.0',
    databaseUrl: source.DATABASE_URL || undefined,
    dataDir,
    jwtSecret: loadSecret(dataDir),
    seedDemo: !argv.includes('--no-demo') && source.NO_DEMO !== '1' && source.NO_DEMO !== 'true',
    notifications: 'sandbox',
    logLevel: source.LOG_LEVEL ?? 'info',
    webDist: source.WEB_DIST,
    isProduction: source.NODE_ENV === 'production',
    exposeOutbox: source.NODE_ENV !== 'production' || source.EXPOSE_OUTBOX === '1',
  };
};
