import { randomInt, randomUUID } from 'node:crypto';
import type { SalesAgent } from '@ms/contracts';
import type { Database, Tx } from '../../db/database.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertStoreAccess } from '../stores/index.js';
import {
  agentById,
  agentForCode,
  agentsOf,
  insertAgent,
  updateAgent,
  type AgentRow,
} from './sales-agents.repository.js';
import { toggleOn } from './toggle-features.repository.js';

const toAgent = (r: AgentRow): SalesAgent => ({
  _id: r.id,
  store_id: r.store_id,
  store_name: r.store_name,
  name: r.name,
  phone: r.phone,
  code: r.code,
  active: r.active,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

/** The agents of the caller's stores (every store for an admin). */
export const listAgents = async (db: Database, auth: AuthContext): Promise<SalesAgent[]> =>
  (await agentsOf(db, auth.businessId, auth.isAdmin ? null : auth.storeIds)).map(toAgent);

/** A code the business has not used: AG and four digits, six when four are crowded. */
const freshCode = (attempt: number) => {
  const digits = attempt < 5 ? 4 : 6;
  return `AG${String(randomInt(0, 10 ** digits)).padStart(digits, '0')}`;
};

export const createAgent = async (
  db: Database,
  auth: AuthContext,
  storeId: string,
  body: { name: string; phone?: string | null; code?: string },
): Promise<SalesAgent> => {
  await assertStoreAccess(db, auth, storeId);
  const id = randomUUID();
  for (let attempt = 0; attempt < 10; attempt++) {
    const code = body.code ?? freshCode(attempt);
    const inserted = await insertAgent(db, {
      business_id: auth.businessId,
      id,
      store_id: storeId,
      name: body.name,
      phone: body.phone ?? null,
      code,
      created_by: auth.userId,
    });
    if (inserted) return toAgent((await agentById(db, auth.businessId, id))!);
    if (body.code) throw conflict(`code ${code} is already the code of another sales agent`);
  }
  throw conflict('Could not make a free sales agent code; give one (code).');
};

export const editAgent = async (
  db: Database,
  auth: AuthContext,
  agentId: string,
  body: { name?: string; phone?: string | null; active?: boolean },
): Promise<SalesAgent> => {
  const updated = await updateAgent(db, auth.businessId, agentId, {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.phone !== undefined ? { phone: body.phone } : {}),
    ...(body.active !== undefined ? { active: body.active } : {}),
  });
  if (!updated) throw notFound('Sales agent');
  return toAgent((await agentById(db, auth.businessId, agentId))!);
};

/** The SALES_AGENT_CODE toggle (spec 001 §7): at store scope, in the PAYMENT category. */
export const SALES_AGENT_TOGGLE = { key: 'SALES_AGENT_CODE', scope: 'store', category: 'PAYMENT' } as const;

/**
 * The agent code a sale at the counter is recorded with: an active agent of the sale's store, and
 * required when the store's toggle is on. (A sale made offline keeps the code the till took.)
 */
export const saleAgentCode = async (
  tx: Tx,
  businessId: string,
  storeId: string,
  code: string | null | undefined,
): Promise<string | null> => {
  if (!code) {
    if (await toggleOn(tx, businessId, SALES_AGENT_TOGGLE, storeId))
      throw badRequest("sales_agent_code is required: this store asks for the sales agent's code.");
    return null;
  }
  const agent = await agentForCode(tx, businessId, code);
  if (!agent || agent.store_id !== storeId)
    throw badRequest(`sales_agent_code: no sales agent of this store has the code ${code}.`);
  if (!agent.active) throw badRequest(`sales_agent_code: the sales agent ${code} is no longer active.`);
  return code;
};
