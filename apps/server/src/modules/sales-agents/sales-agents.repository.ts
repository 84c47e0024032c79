import type { Tx } from '../../db/database.js';

/** The business's sales agents (migration 0027). */

export const agentSelect = (db: Tx, businessId: string) =>
  db
    .selectFrom('sales_agents as a')
    .innerJoin('stores as st', (j) =>
      j.onRef('st.business_id', '=', 'a.business_id').onRef('st.id', '=', 'a.store_id'),
    )
    .select([
      'a.id',
      'a.store_id',
      'st.name as store_name',
      'a.name',
      'a.phone',
      'a.code',
      'a.active',
      'a.created_at',
      'a.updated_at',
    ])
    .where('a.business_id', '=', businessId);

export type AgentRow = Awaited<ReturnType<ReturnType<typeof agentSelect>['execute']>>[number];

/** Agents of these stores (null: every store), active first, then by name. */
export const agentsOf = (db: Tx, businessId: string, storeIds: readonly string[] | null) => {
  let q = agentSelect(db, businessId).where('st.deleted_at', 'is', null);
  if (storeIds) q = q.where('a.store_id', 'in', [...storeIds]);
  return q.orderBy('a.active', 'desc').orderBy('a.name').orderBy('a.id').execute();
};

export const agentById = (db: Tx, businessId: string, id: string) =>
  agentSelect(db, businessId).where('a.id', '=', id).executeTakeFirst();

export const insertAgent = (
  db: Tx,
  row: {
    business_id: string;
    id: string;
    store_id: string;
    name: string;
    phone: string | null;
    code: string;
    created_by: string;
  },
) =>
  db
    .insertInto('sales_agents')
    .values(row)
    .onConflict((oc) => oc.columns(['business_id', 'code']).doNothing())
    .returning('id')
    .executeTakeFirst();

export const updateAgent = (
  db: Tx,
  businessId: string,
  id: string,
  set: { name?: string; phone?: string | null; active?: boolean },
) =>
  db
    .updateTable('sales_agents')
    .set({ ...set, updated_at: new Date() })
    .where('business_id', '=', businessId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();

/** The agent a code names in a store: whether it exists there and is active. */
export const agentForCode = (db: Tx, businessId: string, code: string) =>
  db
    .selectFrom('sales_agents')
    .select(['store_id', 'active'])
    .where('business_id', '=', businessId)
    .where('code', '=', code)
    .executeTakeFirst();
