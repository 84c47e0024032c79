import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** Where the built web app is: WEB_DIST, else apps/web/dist beside this server. */
export const webDistOf = (env: { webDist?: string | undefined }): string =>
  env.webDist ?? resolve(here, '../../../web/dist');
