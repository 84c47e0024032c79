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
  /**
   * Whose X-Forwarded-For to believe for the client's address (rate limits per client): nobody
   * (false, the default), the nearest N proxies (a hop count), or proxies at these addresses/CIDRs.
   */
  trustProxy: false | number | string[];
};

/** TRUST_PROXY: unset, empty, 0 or false → off; a whole number → that many hops; else a comma list of addresses. */
export const parseTrustProxy = (value: string | undefined): false | number | string[] => {
  const v = (value ?? '').trim();
  if (v === '' || v === '0' || v.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v.toLowerCase() === 'true')
    throw new Error("TRUST_PROXY must be a hop count (e.g. 1) or the proxies' addresses, not true");
  return v
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
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
    trustProxy: parseTrustProxy(source.TRUST_PROXY),
  };
};
