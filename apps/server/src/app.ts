import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { constants as zlib } from 'node:zlib';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { IMAGE_UPLOAD_MAX_BYTES } from '@ms/contracts';
import type { Env } from './config/env.js';
import type { Database } from './db/database.js';
import type { Notifier } from './db/notify.js';
import type { Deps } from './deps.js';
import type { Jobs } from './jobs/index.js';
import { createTokenService } from './lib/tokens.js';
import { authPlugin } from './plugins/auth.js';
import { envelopePlugin } from './plugins/envelope.js';
import { createRateLimiter } from './plugins/rate-limit.js';
import { requestLogPlugin } from './plugins/request-log.js';
import { createBanking, sandboxOutbox } from './providers/banking/index.js';
import { createNotifications } from './providers/notifications/index.js';
import { registerModules } from './modules/index.js';
import { webDistOf } from './lib/web-dist.js';

const API = /^\/(v1|v2|api|dev|docs|files)(\/|$)/;

/** A hop count trusts that many hops nearest the server (Fastify's own number form trusts none). */
const trustProxyOption = (trust: Env['trustProxy']) =>
  typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;

/** The app's content-hashed build files. */
const HASHED_ASSET = /[\\/]assets[\\/][^\\/]+$/;

/**
 * Security headers on every answer. The CSP is what the app needs and no more: its own scripts
 * (the service worker included) plus WebAssembly compiled by the barcode scanner, Mantine's inline
 * styles, images from /files, data: and blob: URLs (and product images at https: addresses), and
 * no framing by any other site (clickjacking).
 */
const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // Off: it would isolate the page from cross-origin images (product images at other addresses).
  crossOriginEmbedderPolicy: false,
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // HSTS only over TLS (below): a shop's server on its LAN answers plain HTTP.
  strictTransportSecurity: false,
} satisfies FastifyHelmetOptions;

/**
 * The inline scripts of the web app's index.html, as CSP sources (`'sha256-...'`): the build writes
 * one, which starts a signed-in page's downloads early (apps/web/build-plugins.ts,
 * preloadFirstScreens). Allowed by its hash, nothing else inline runs.
 */
const inlineScriptHashes = (indexHtml: string): string[] =>
  [...indexHtml.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );

/** The headers @fastify/helmet sets with HELMET_OPTIONS (none depends on the request), taken once. */
const helmetHeaders = async (scriptHashes: string[]): Promise<Record<string, string>> => {
  const probe = Fastify();
  const csp = HELMET_OPTIONS.contentSecurityPolicy;
  await probe.register(fastifyHelmet, {
    ...HELMET_OPTIONS,
    contentSecurityPolicy: {
      ...csp,
      directives: { ...csp.directives, scriptSrc: [...csp.directives.scriptSrc, ...scriptHashes] },
    },
  });
  probe.get('/', async () => '');
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const own = ['content-length', 'content-type', 'date', 'connection', 'keep-alive'];
  const added: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers))
    if (!own.includes(name) && value !== undefined) added[name] = String(value);
  return added;
};

export type BuildOptions = {
  env: Env;
  db: Database;
  notifier: Notifier;
  /** The started job queue; this app's workers stop when it closes. */
  jobs: Jobs;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them for secrets). */
  logStream?: NodeJS.WritableStream;
};

/** The whole server as one Fastify instance: external plugins, then ours, then the modules' routes. */
export const buildApp = async ({
  env,
  db,
  notifier,
  jobs,
  logger = true,
  logStream,
}: BuildOptions): Promise<FastifyInstance> => {
  const app = Fastify({
    logger: logger ? { level: env.logLevel, ...(logStream ? { stream: logStream } : {}) } : false,
    // Our own request-log plugin writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // X-Forwarded-* is believed only from configured proxies: anyone can send one.
    trustProxy: trustProxyOption(env.trustProxy),
    bodyLimit: 2 * 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const appJobs = jobs.scoped(app.log);
  app.addHook('onClose', () => appJobs.close());
  const deps: Deps = {
    env,
    db,
    notifier,
    jobs: appJobs,
    tokens: createTokenService(env.jwtSecret),
    rateLimiter: createRateLimiter(db),
    notifications: createNotifications(env.notifications, db),
    banking: createBanking(env.banking, {
      latencyMs: env.bankingLatencyMs,
      sandboxAllowed: env.bankingSandboxAllowed,
      outbox: sandboxOutbox(appJobs),
      transferSeconds: env.bankingSandboxTransferSeconds,
    }),
  };

  // Security headers on every answer. The CSP is what the app needs and no more: its own scripts
  // (the service worker included) plus WebAssembly compiled by the barcode scanner, Mantine's inline
  // styles, images from /files, data: and blob: URLs (and product images at https: addresses), and
  // no framing by any other site (clickjacking).
  // Computed once (below): @fastify/helmet builds helmet's middleware again on every request, which
  // was a tenth of the CPU of an authenticated read.
  const webDist = webDistOf(env);
  const hasWeb = existsSync(join(webDist, 'index.html'));
  const securityHeaders = await helmetHeaders(
    hasWeb ? inlineScriptHashes(readFileSync(join(webDist, 'index.html'), 'utf8')) : [],
  );
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(securityHeaders);
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });

  // Shops are on slow, metered connections: JSON (a products sync page is ~1 MB raw) and the app's
  // files go compressed — brotli at a fast quality, else gzip.
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: 1024,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Merchant back office and POS API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
  await app.register(fastifyMultipart, { limits: { fileSize: IMAGE_UPLOAD_MAX_BYTES, files: 1, fields: 5 } });
  await app.register(envelopePlugin);
  await app.register(requestLogPlugin);
  await app.register(authPlugin, { db, tokens: deps.tokens, notifier: deps.notifier });

  mkdirSync(resolve(env.dataDir, 'uploads'), { recursive: true });
  await app.register(fastifyStatic, {
    root: resolve(env.dataDir, 'uploads'),
    prefix: '/files/',
    decorateReply: false,
  });
  await registerModules(app, deps);
  // Is the server up? No token, no database: what a load balancer or a connectivity check asks.
  app.get('/v1/health', { config: { public: true }, schema: { hide: true } }, async () => ({
    status: true,
    message: 'ok',
    data: null,
  }));

  if (hasWeb) {
    // Files under /assets/ are named by their content hash: a phone keeps them for a year and never asks
    // again. Everything else (index.html, sw.js, the manifest) is checked on every load. The build leaves
    // a .br and a .gz beside each file (apps/web/scripts/compress-dist.mjs); they are sent as they are.
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          HASHED_ASSET.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && !API.test(path)) {
      // The app's own router handles every other path (deep links, reloads).
      return reply.header('cache-control', 'no-cache').sendFile('index.html', webDist);
    }
    return reply
      .status(404)
      .send({ status: false, message: `Route ${request.method} ${path} not found`, data: null });
  });
  return app;
};
