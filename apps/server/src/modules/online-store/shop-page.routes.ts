import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { formatMoney, type Shop } from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { webDistOf } from '../../lib/web-dist.js';
import { orderByToken, toPublicOrder } from '../orders/index.js';
import { loadShop } from './shop.queries.js';

/**
 * The storefront's pages (issue 15): `/shop/<slug>` and below are the storefront's own small bundle
 * (apps/web/src/shop, built to dist/shop), served with the shop's data inlined — the first paint on a
 * slow phone needs no second request — and its title, description, image and price in meta tags, so
 * a link shared on WhatsApp shows the product. The shop's hashed files are under `/shop-assets/`.
 */

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** JSON inside a <script> element: nothing in it can close the element or start a comment. */
const inlineJson = (id: string, value: unknown) =>
  `<script type="application/json" id="${id}">${JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')}</script>`;

type Meta = { title: string; description: string; image: string | null; url: string; price?: number };

const metaTags = (m: Meta) =>
  [
    `<title>${escapeHtml(m.title)}</title>`,
    `<meta name="description" content="${escapeHtml(m.description)}">`,
    `<meta property="og:title" content="${escapeHtml(m.title)}">`,
    `<meta property="og:description" content="${escapeHtml(m.description)}">`,
    `<meta property="og:url" content="${escapeHtml(m.url)}">`,
    `<meta property="og:type" content="${m.price === undefined ? 'website' : 'product'}">`,
    m.image ? `<meta property="og:image" content="${escapeHtml(m.image)}">` : '',
    m.price === undefined
      ? ''
      : `<meta property="product:price:amount" content="${m.price.toFixed(2)}"><meta property="product:price:currency" content="NGN">`,
    `<meta name="twitter:card" content="${m.image ? 'summary_large_image' : 'summary'}">`,
  ].join('');

const clip = (text: string | null | undefined, max = 200) => {
  const t = (text ?? '').replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

export const shopPageRoutes: FastifyPluginAsync<Deps> = async (app, deps) => {
  const dist = join(webDistOf(deps.env), 'shop');
  const templateFile = join(dist, 'shop.html');
  if (!existsSync(templateFile)) return;
  const template = readFileSync(templateFile, 'utf8');
  const absolute = (path: string | null | undefined) =>
    !path
      ? null
      : /^https?:\/\//.test(path)
        ? path
        : `${deps.env.publicUrl}${path.startsWith('/') ? '' : '/'}${path}`;

  await app.register(fastifyStatic, {
    root: join(dist, 'shop-assets'),
    prefix: '/shop-assets/',
    decorateReply: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply) => reply.header('cache-control', 'public, max-age=31536000, immutable'),
  });

  const page = (meta: Meta, data: string) =>
    template.replace('<!--shop-head-->', metaTags(meta)).replace('<!--shop-data-->', data);

  const shopMeta = (s: Shop, url: string, productId?: string): Meta => {
    const product = productId ? s.products.find((p) => p._id === productId.toLowerCase()) : undefined;
    if (product)
      return {
        title: `${product.name} — ${formatMoney(product.price)} | ${s.name}`,
        description:
          clip(product.description) || `${product.name} at ${s.name}. Order online and pay by transfer.`,
        image: absolute(product.images[0] ?? s.logo),
        url,
        price: product.price,
      };
    return {
      title: s.name,
      description:
        clip(s.about) || `Shop ${s.name} online: ${s.products.length} products. Order and pay by transfer.`,
      image: absolute(s.logo ?? s.products.find((p) => p.images.length)?.images[0]),
      url,
    };
  };

  app.get<{ Params: { '*': string } }>(
    '/shop/*',
    { config: { public: true }, schema: { hide: true } },
    async (request, reply) => {
      await deps.rateLimiter.hit(`shop-page:${request.ip}`, 1_200, 10 * 60);
      const [slug = '', section, id] = request.params['*'].split('?')[0]!.split('/');
      const url = `${deps.env.publicUrl}${request.url.split('?')[0]}`;
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      // No address of ours holds a NUL (the database could not even look it up).
      if (request.params['*'].includes('\u0000'))
        return reply.status(404).send(page({ title: 'Not found', description: '', image: null, url }, ''));
      if (section === 'order' && id) {
        const found = await orderByToken(deps.db, id.slice(0, 100));
        if (found && found.shop.slug === slug.toLowerCase()) {
          const order = toPublicOrder(found.order, found.shop, id);
          return page(
            {
              title: `Order ${order.number} — ${found.shop.name}`,
              description: `Follow your order from ${found.shop.name}.`,
              image: null,
              url,
            },
            inlineJson('order-data', order),
          );
        }
        return reply
          .status(404)
          .send(page({ title: 'Order not found', description: '', image: null, url }, ''));
      }
      const s = await loadShop(deps.db, slug.slice(0, 60));
      if (!s)
        return reply
          .status(404)
          .send(page({ title: 'This shop is not open', description: '', image: null, url }, ''));
      return page(shopMeta(s, url, section === 'p' ? id : undefined), inlineJson('shop-data', s));
    },
  );
};
