import type { BusinessData, Employee, UpdateBusinessBody } from '@ms/contracts';
import type { Database } from '../../db/database.js';
import { notFound } from '../../lib/errors.js';
import { listUsers } from '../staff/index.js';
import { loadBusinessData, updateBusiness, type BusinessPatch } from './business.repository.js';

/** Company information of the caller's business (Settings > Business information). */
export const updateBusinessInfo = async (
  db: Database,
  businessId: string,
  body: UpdateBusinessBody,
): Promise<BusinessData> => {
  const patch: BusinessPatch = { ...body };
  // An emptied optional text clears it rather than storing "".
  if (body.address !== undefined) patch.address = body.address || null;
  if (body.business_type !== undefined) patch.business_type = body.business_type || null;
  if (body.logo_url !== undefined) patch.logo_url = body.logo_url || null;
  if (!(await updateBusiness(db, businessId, patch))) throw notFound('Business');
  const data = await loadBusinessData(db, businessId);
  if (!data) throw notFound('Business');
  return data;
};

export const listBusinessUsers = (db: Database, businessId: string): Promise<Employee[]> =>
  listUsers(db, businessId);
