import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import type { Product } from '@ms/contracts';
import { ApiError } from '@/lib/api-client';
import { findByBarcode, posProductsQuery, usePosProducts } from '../api/products';
import type { ScanOutcome } from './camera-scan';
import type { AddItem } from './cart';
import type { FlashMessage } from './use-flash-message';

/** Looks like something a scanner typed: one word of digits/letters, 4 or more characters. */
const looksLikeCode = (q: string) => /^[0-9A-Za-z-]{4,}$/.test(q) && /\d/.test(q);

/**
 * The till's product search: the typed text (debounced into the grid's query), the category chip, a
 * scanned barcode, and Enter (an exact barcode first, else the top result).
 */
export const useTillSearch = ({
  businessId,
  storeId,
  add,
  pick,
  choose,
  say,
}: {
  businessId: string;
  storeId: string | null;
  /** Puts an item in the cart. */
  add: (item: AddItem) => void;
  /** A product picked from the list: into the cart, or its choices are asked. */
  pick: (p: Product) => void;
  /** Asks which variety (or modifiers) of a product. */
  choose: (p: Product) => void;
  say: (message: FlashMessage) => void;
}) => {
  const qc = useQueryClient();
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text, 150);
  const [category, setCategory] = useState<string | null>(null);
  const products = usePosProducts({ search, category, store: storeId });

  /** A scanned code (USB scanner or camera): its product goes in the cart, or its variety is asked. */
  const addByCode = async (code: string): Promise<ScanOutcome> => {
    try {
      const match = await findByBarcode(businessId, code);
      if (match.variety_id || match.product.varieties.length === 0) {
        add({ product: match.product, variety_id: match.variety_id });
        return { result: 'added', text: `Added ${match.product.name}` };
      }
      choose(match.product);
      return { result: 'picking', text: `Choose the variety of ${match.product.name}` };
    } catch (error) {
      if (error instanceof ApiError && error.status === 404)
        return { result: 'not-found', text: `No product has the barcode ${code}` };
      return { result: 'error', text: error instanceof Error ? error.message : 'Barcode lookup failed' };
    }
  };

  /** Enter in the search box: an exact barcode first (a scanner), else the top result. */
  const enter = async () => {
    const q = text.trim();
    if (!q) return;
    if (looksLikeCode(q)) {
      try {
        const match = await findByBarcode(businessId, q);
        setText('');
        if (match.variety_id || match.product.varieties.length === 0)
          add({ product: match.product, variety_id: match.variety_id });
        else choose(match.product);
        return;
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 404) {
          say({ text: error instanceof Error ? error.message : 'Barcode lookup failed', error: true });
          return;
        }
      }
    }
    let list = search === text ? products.data?.items : undefined;
    if (!list) {
      const page = await qc.fetchQuery(
        posProductsQuery(businessId, { search: text, category, store: storeId }),
      );
      list = page.items;
    }
    const top = list[0];
    if (!top) {
      say({ text: `No product matches “${q}”`, error: true });
      return;
    }
    setText('');
    pick(top);
  };

  return { text, setText, search, category, setCategory, products, addByCode, enter };
};
