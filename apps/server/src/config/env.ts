import { createHmac, randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
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
  /** The bank rail: only the sandbox exists so far (providers/banking). */
  banking: 'sandbox';
  /** How long the sandbox rail takes to answer (BANKING_SANDBOX_LATENCY_MS, default 300). */
  bankingLatencyMs: number;
  /** The sandbox rail may answer: always outside production, in production only with BANKING_SANDBOX=1. */
  bankingSandboxAllowed: boolean;
  /**
   * The secret the bank rail signs its events with (BANKING_WEBHOOK_SECRET). The sandbox's default is
   * derived from the signing secret, so the sandbox and the webhook agree without configuration.
   */
  bankingWebhookSecret: string;
  /**
   * Where the sandbox rail delivers its events (BANKING_WEBHOOK_URL); default this server's own
   * POST /v1/webhooks/banking at the address it listens on.
   */
  bankingWebhookUrl: string | undefined;
  /**
   * The sandbox rail as the real ones are: an event is sometimes delivered twice
   * (BANKING_SANDBOX_DUPLICATE_RATE, a share from 0 to 1, default 0.1), and a failed delivery is
   * retried after BANKING_SANDBOX_RETRY_SECONDS (default 5), doubling each time.
   */
  bankingSandboxDuplicateRate: number;
  bankingSandboxRetrySeconds: number;
  /** How long the sandbox rail takes to settle a payout (BANKING_SANDBOX_TRANSFER_SECONDS, default 5). */
  bankingSandboxTransferSeconds: number;
  /** The business's local hour (0-23) from which the day's scheduled payout runs (PAYOUT_HOUR, default 9). */
  payoutHour: number;
  /** The first wait before asking the rail again about a payout it did not answer (PAYOUT_RETRY_SECONDS, default 30). */
  payoutRetrySeconds: number;
  /** The fee on a transfer received: a share in basis points, capped (TRANSFER_IN_FEE_BPS, _CAP_KOBO). */
  transferInFee: { bps: number; capKobo: number };
  /**
   * Where people open the app (PUBLIC_URL, default http://localhost:PORT): the links e-mailed to clients
   * (an invoice's public page) start with it.
   */
  publicUrl: string;
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
  /**
   * Server processes sharing the port (node:cluster): SERVER_PROCESSES (or WEB_CONCURRENCY) on
   * PostgreSQL, default 1 (a PostgreSQL on the same machine needs the other cores: decision 0006).
   * Always 1 on the embedded PGlite: one process owns its folder.
   */
  serverProcesses: number;
};

/** SERVER_PROCESSES / WEB_CONCURRENCY: a whole number from 1, or `auto` (the cores, at most 4); default 1. */
export const parseServerProcesses = (
  source: NodeJS.ProcessEnv,
  postgres: boolean,
  cores: number = availableParallelism(),
): number => {
  if (!postgres) return 1;
  const raw = (source.SERVER_PROCESSES ?? source.WEB_CONCURRENCY ?? '').trim();
  if (raw === '') return 1;
  if (raw === 'auto') return Math.max(1, Math.min(cores, 4));
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    throw new Error(`SERVER_PROCESSES must be a whole number from 1, got ${raw}`);
  return Number(raw);
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

const wholeNumber = (name: string, value: string | undefined, fallback: number, max: number): number => {
  if (value === undefined || value.trim() === '') return fallback;
  if (!/^\d+$/.test(value.trim()) || Number(value) > max)
    throw new Error(`${name} must be a whole number up to ${max}, got ${value}`);
  return Number(value);
};

const parseLatency = (value: string | undefined): number => {
  if (value === undefined || value.trim() === '') return 300;
  if (!/^\d+$/.test(value.trim()))
    throw new Error(`BANKING_SANDBOX_LATENCY_MS must be milliseconds, got ${value}`);
  return Number(value);
};

/** A share from 0 to 1 (a probability). */
const parseShare = (name: string, value: string | undefined, fallback: number): number => {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1)
    throw new Error(`${name} must be a number from 0 to 1, got ${value}`);
  return n;
};

/** The signing secret: JWT_SECRET, else one generated once and kept in the data folder. */
const loadSecret = (dataDir: string, source: NodeJS.ProcessEnv): string => {
  if (source.JWT_SECRET) return source.JWT_SECRET;
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
  const jwtSecret = loadSecret(dataDir, source);
  return {
    port,
    host: source.HOST ?? '0.0.0.0',
    databaseUrl: source.DATABASE_URL || undefined,
    dataDir,
    jwtSecret,
    seedDemo: !argv.includes('--no-demo') && source.NO_DEMO !== '1' && source.NO_DEMO !== 'true',
    notifications: 'sandbox',
    banking: 'sandbox',
    bankingLatencyMs: parseLatency(source.BANKING_SANDBOX_LATENCY_MS),
    bankingSandboxAllowed: source.NODE_ENV !== 'production' || source.BANKING_SANDBOX === '1',
    bankingWebhookSecret:
      source.BANKING_WEBHOOK_SECRET ||
      createHmac('sha256', jwtSecret).update('banking-webhook').digest('hex'),
    bankingWebhookUrl: source.BANKING_WEBHOOK_URL || undefined,
    bankingSandboxDuplicateRate: parseShare(
      'BANKING_SANDBOX_DUPLICATE_RATE',
      source.BANKING_SANDBOX_DUPLICATE_RATE,
      0.1,
    ),
    bankingSandboxTransferSeconds: wholeNumber(
      'BANKING_SANDBOX_TRANSFER_SECONDS',
      source.BANKING_SANDBOX_TRANSFER_SECONDS,
      5,
      86_400,
    ),
    payoutHour: wholeNumber('PAYOUT_HOUR', source.PAYOUT_HOUR, 9, 23),
    payoutRetrySeconds: wholeNumber('PAYOUT_RETRY_SECONDS', source.PAYOUT_RETRY_SECONDS, 30, 3600),
    bankingSandboxRetrySeconds: wholeNumber(
      'BANKING_SANDBOX_RETRY_SECONDS',
      source.BANKING_SANDBOX_RETRY_SECONDS,
      5,
      3600,
    ),
    transferInFee: {
      bps: wholeNumber('TRANSFER_IN_FEE_BPS', source.TRANSFER_IN_FEE_BPS, 100, 9_999),
      capKobo: wholeNumber('TRANSFER_IN_FEE_CAP_KOBO', source.TRANSFER_IN_FEE_CAP_KOBO, 30_000, 1e12),
    },
    publicUrl: (source.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    logLevel: source.LOG_LEVEL ?? 'info',
    webDist: source.WEB_DIST,
    isProduction: source.NODE_ENV === 'production',
    exposeOutbox: source.NODE_ENV !== 'production' || source.EXPOSE_OUTBOX === '1',
    trustProxy: parseTrustProxy(source.TRUST_PROXY),
    serverProcesses: parseServerProcesses(source, Boolean(source.DATABASE_URL)),
  };
};
