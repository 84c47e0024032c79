import type { AdjustmentReason, AdjustmentType } from '@ms/contracts';
import type { ItemLine } from './items';

/**
 * The add/remove stock flow spans two routes (pick, then review). What the user picked is kept in
 * sessionStorage, per business and type, so Back and a reload of the review page keep it, and it
 * is gone when the tab closes.
 */
export type AdjustmentDraft = {
  storeId: string | null;
  reason: AdjustmentReason | null;
  note: string;
  lines: ItemLine[];
};

export const EMPTY_DRAFT: AdjustmentDraft = { storeId: null, reason: null, note: '', lines: [] };

const keyOf = (businessId: string, type: AdjustmentType) => `ms.inventory.${type}-stock.${businessId}`;

export const loadDraft = (businessId: string, type: AdjustmentType): AdjustmentDraft => {
  try {
    const raw = sessionStorage.getItem(keyOf(businessId, type));
    if (!raw) return EMPTY_DRAFT;
    const parsed = JSON.parse(raw) as Partial<AdjustmentDraft>;
    return {
      storeId: parsed.storeId ?? null,
      reason: parsed.reason ?? null,
      note: parsed.note ?? '',
      lines: Array.isArray(parsed.lines) ? parsed.lines : [],
    };
  } catch {
    return EMPTY_DRAFT;
  }
};

export const saveDraft = (businessId: string, type: AdjustmentType, draft: AdjustmentDraft) => {
  try {
    sessionStorage.setItem(keyOf(businessId, type), JSON.stringify(draft));
  } catch {
    // Storage full or blocked: the flow still works within the page.
  }
};

export const clearDraft = (businessId: string, type: AdjustmentType) => {
  try {
    sessionStorage.removeItem(keyOf(businessId, type));
  } catch {
    // ignore
  }
};
