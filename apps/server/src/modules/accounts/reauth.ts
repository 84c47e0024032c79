import type { Tx } from '../../db/database.js';
import { passwordHashOf } from './credentials.repository.js';
import { verifyPassword } from './passwords.js';

/** True when `password` is the signed-in user's own (asked again before changing where money goes). */
export const isOwnPassword = async (db: Tx, businessId: string, userId: string, password: string) => {
  const hash = await passwordHashOf(db, businessId, userId);
  return hash !== null && (await verifyPassword(hash, password));
};
