import { useEffect } from 'react';
import type { ModifierSet } from '@ms/contracts';
import { useModifierSets } from '@/features/modifiers';
import { useBusinessId } from '@/lib/session-store';

const keyOf = (businessId: string) => `ms.pos.modifier-sets.${businessId}`;

const lastKnown = (businessId: string): ModifierSet[] | undefined => {
  try {
    const raw = localStorage.getItem(keyOf(businessId));
    return raw ? (JSON.parse(raw) as ModifierSet[]) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The modifier sets the item dialog offers: the business's, kept on this device as last seen so a
 * product's modifiers can still be picked offline (they are not one of the synced tables).
 */
export const usePosModifierSets = (): { data: ModifierSet[] | undefined } => {
  const businessId = useBusinessId();
  const online = useModifierSets();
  useEffect(() => {
    if (!online.data || !businessId) return;
    try {
      localStorage.setItem(keyOf(businessId), JSON.stringify(online.data));
    } catch {
      // Storage full or blocked: only the offline copy is lost.
    }
  }, [online.data, businessId]);
  return { data: online.data ?? (businessId ? lastKnown(businessId) : undefined) };
};
