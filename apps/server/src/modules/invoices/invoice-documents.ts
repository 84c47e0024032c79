import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Invoice } from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { loadBusinessData } from '../business/index.js';
import { findCollectionAccount } from '../collection-accounts/index.js';
import { renderInvoicePdf } from './invoice-pdf.js';

/** The business's logo from its own uploads (`/files/<business>/<file>`), or null. */
const logoOf = async (deps: Pick<Deps, 'env'>, businessId: string, url: string | null) => {
  const match = url ? /^\/files\/([0-9a-f-]{36})\/([0-9a-f-]{36}\.(?:png|jpe?g))$/i.exec(url) : null;
  if (!match || match[1] !== businessId) return null;
  return readFile(join(deps.env.dataDir, 'uploads', businessId, match[2]!)).catch(() => null);
};

/**
 * The invoice as a PDF (issue 15, "download"): with the business's logo, and how to pay when the
 * invoice already has its own account and something is owed (a download never opens an account).
 */
export const invoicePdf = async (
  deps: Pick<Deps, 'db' | 'env'>,
  businessId: string,
  invoice: Invoice,
): Promise<Buffer> => {
  const business = await loadBusinessData(deps.db, businessId);
  const account =
    invoice.balance > 0 && invoice.status !== 'cancelled'
      ? await findCollectionAccount(deps.db, businessId, 'invoice', invoice._id)
      : undefined;
  return renderInvoicePdf({
    invoice,
    business: {
      name: business?.name ?? '',
      address: business?.address ?? null,
      phone: business?.phone ?? null,
      email: business?.email ?? null,
    },
    logo: await logoOf(deps, businessId, business?.logo_url ?? null),
    payTo: account
      ? {
          bank_name: account.bank_name,
          account_number: account.account_number,
          account_name: account.account_name,
        }
      : null,
    timeZone: business?.timezone ?? 'Africa/Lagos',
  });
};
