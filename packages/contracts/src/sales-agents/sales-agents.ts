import { z } from 'zod';
import { id, inputString, phone, requiredText } from '../validation/zod-rules.js';

/**
 * Sales agents and feature toggles (spec 001 §6-§7 "Sales agents and toggles", issue 14). An agent
 * belongs to a store and is known by a code, unique in the business, that the till records on a sale
 * when the store's SALES_AGENT_CODE toggle is on. Codes never change; an agent who leaves is deactivated.
 */

/** Letters and digits, 3 to 12, kept upper case (`ag-01` is `AG-01`). */
export const SALES_AGENT_CODE_PATTERN = /^[A-Z0-9][A-Z0-9-]{1,10}[A-Z0-9]$/;
export const salesAgentCode = (field = 'code') =>
  inputString(field)
    .trim()
    .toUpperCase()
    .regex(SALES_AGENT_CODE_PATTERN, `${field} must be 3 to 12 letters or digits (a dash may join them)`);

export const salesAgent = z.object({
  _id: z.string(),
  store_id: z.string(),
  store_name: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  code: z.string(),
  active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SalesAgent = z.infer<typeof salesAgent>;

/** GET /v1/businesses/{b}/sales-agents: the agents of the caller's stores, active first, by name. */
export const salesAgentsData = z.array(salesAgent);

/** POST /v1/businesses/{b}/stores/{store}/sales-agents (admin). Without a code the server makes one. */
export const createSalesAgentBody = z.object({
  name: requiredText('name', 80),
  phone: phone('phone').nullish(),
  code: salesAgentCode('code').optional(),
});
export type CreateSalesAgentBody = z.input<typeof createSalesAgentBody>;

/** PATCH /v1/businesses/{b}/sales-agents/{agentId} (admin): rename, new phone, (de)activate. */
export const updateSalesAgentBody = z
  .object({
    name: requiredText('name', 80).optional(),
    phone: phone('phone').nullish(),
    active: z.boolean({ error: 'active should be boolean' }).optional(),
  })
  .refine((b) => b.name !== undefined || b.phone !== undefined || b.active !== undefined, {
    message: 'Send name, phone or active',
    path: ['name'],
  });
export type UpdateSalesAgentBody = z.input<typeof updateSalesAgentBody>;

export const salesAgentStoreParams = z.object({ businessId: id('businessId'), storeId: id('storeId') });
export const salesAgentParams = z.object({ businessId: id('businessId'), agentId: id('agentId') });

// ---------------------------------------------------------------------------------------------
// Feature toggles: GET/PUT /v1/toggle-features

/** Every toggle the product knows: its key, the scope it is set for, its category. */
export const FEATURE_TOGGLES = [{ key: 'SALES_AGENT_CODE', scope: 'store', category: 'PAYMENT' }] as const;
export const TOGGLE_KEYS = ['SALES_AGENT_CODE'] as const;
export type ToggleKey = (typeof TOGGLE_KEYS)[number];

const toggleKey = z.enum(TOGGLE_KEYS, { error: `key must be one of ${TOGGLE_KEYS.join(', ')}` });
const toggleScope = z.enum(['store'], { error: 'scope must be store' });
const toggleCategory = z.enum(['PAYMENT'], { error: 'category must be PAYMENT' });

/** GET /v1/toggle-features?business_id&key&scope&category: one row per store of the caller, off by default. */
export const toggleFeaturesQuery = z.object({
  business_id: id('business_id'),
  key: toggleKey.optional(),
  scope: toggleScope.optional(),
  category: toggleCategory.optional(),
});

export const featureToggle = z.object({
  /** `${key}:${store_id}`: one row per toggle and store (the device keys its table by it). */
  _id: z.string(),
  key: toggleKey,
  scope: toggleScope,
  category: toggleCategory,
  store_id: z.string(),
  enabled: z.boolean(),
  updated_at: z.string().nullable(),
});
export type FeatureToggle = z.infer<typeof featureToggle>;
export const featureTogglesData = z.array(featureToggle);

/** PUT /v1/toggle-features (admin): switch one toggle for one store. */
export const putToggleFeatureBody = z.object({
  business_id: id('business_id'),
  key: toggleKey,
  scope: toggleScope,
  category: toggleCategory,
  store_id: id('store_id'),
  enabled: z.boolean({ error: 'enabled should be boolean' }),
});
export type PutToggleFeatureBody = z.infer<typeof putToggleFeatureBody>;
