import { FEATURE_TOGGLES, type FeatureToggle, type PutToggleFeatureBody } from '@ms/contracts';
import type { Database } from '../../db/database.js';
import type { AuthContext } from '../../plugins/auth.js';
import { assertStoreAccess, visibleStoreIds } from '../stores/index.js';
import { setToggle, togglesOf } from './toggle-features.repository.js';

type Filter = { key?: string; scope?: string; category?: string };

/** Every known toggle matching the filter, for each store the caller sees; off where never set. */
export const listToggles = async (
  db: Database,
  auth: AuthContext,
  filter: Filter,
): Promise<FeatureToggle[]> => {
  const known = FEATURE_TOGGLES.filter(
    (t) =>
      (!filter.key || t.key === filter.key) &&
      (!filter.scope || t.scope === filter.scope) &&
      (!filter.category || t.category === filter.category),
  );
  const stores = await visibleStoreIds(db, auth);
  const set = await togglesOf(
    db,
    auth.businessId,
    stores,
    known.map((t) => t.key),
  );
  return known.flatMap((t) =>
    stores.map((storeId) => {
      const row = set.find(
        (r) => r.key === t.key && r.category === t.category && r.scope === t.scope && r.scope_id === storeId,
      );
      return {
        _id: `${t.key}:${storeId}`,
        key: t.key,
        scope: t.scope,
        category: t.category,
        store_id: storeId,
        enabled: row?.enabled ?? false,
        updated_at: row ? row.updated_at.toISOString() : null,
      };
    }),
  );
};

/** Switches one toggle for one store of the business. */
export const putToggle = async (
  db: Database,
  auth: AuthContext,
  body: PutToggleFeatureBody,
): Promise<FeatureToggle> => {
  await assertStoreAccess(db, auth, body.store_id);
  const row = await setToggle(db, {
    business_id: auth.businessId,
    key: body.key,
    scope: body.scope,
    category: body.category,
    scope_id: body.store_id,
    enabled: body.enabled,
    updated_by: auth.userId,
  });
  return {
    _id: `${body.key}:${body.store_id}`,
    key: body.key,
    scope: body.scope,
    category: body.category,
    store_id: body.store_id,
    enabled: row.enabled,
    updated_at: row.updated_at.toISOString(),
  };
};
