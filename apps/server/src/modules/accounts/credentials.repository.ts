import type { Database, Tx } from '../../db/database.js';

/** The columns login and recovery need; e-mails are unique case-insensitively. */
export const findUserByEmail = (db: Database, email: string) =>
  db
    .selectFrom('users')
    .select(['id', 'business_id', 'password_hash', 'status', 'first_name', 'email'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();

export const setPasswordHash = (db: Database, businessId: string, userId: string, passwordHash: string) =>
  db
    .updateTable('users')
    .set({ password_hash: passwordHash })
    .where('business_id', '=', businessId)
    .where('id', '=', userId)
    .execute();

/** The user's password hash, to check a password given again before a sensitive change. */
export const passwordHashOf = async (db: Tx, businessId: string, userId: string): Promise<string | null> =>
  (
    await db
      .selectFrom('users')
      .select('password_hash')
      .where('business_id', '=', businessId)
      .where('id', '=', userId)
      .executeTakeFirst()
  )?.password_hash ?? null;

/** The owner's e-mail: told of every change of where the business's money goes. */
export const ownerEmailOf = async (db: Tx, businessId: string): Promise<string | null> =>
  (
    await db
      .selectFrom('users')
      .select('email')
      .where('business_id', '=', businessId)
      .where('is_owner', '=', true)
      .executeTakeFirst()
  )?.email ?? null;
