import { useSyncExternalStore } from 'react';
import { emptyCart, type Cart } from './cart';

/**
 * The cart being rung up, kept in localStorage per user so a reload, the payment page or a phone
 * that killed the tab keeps it. One cart per user of this device.
 */
const keyOf = (userId: string) => `ms.pos.cart.${userId}`;
const STORE_KEY = 'ms.pos.store';

let userId = '';
let current: Cart = emptyCart();
const listeners = new Set<() => void>();

const load = (id: string): Cart => {
  try {
    const raw = localStorage.getItem(keyOf(id));
    return raw ? { ...emptyCart(), ...(JSON.parse(raw) as Cart) } : emptyCart(rememberedStore());
  } catch {
    return emptyCart(rememberedStore());
  }
};

export const rememberedStore = (): string | null => {
  try {
    return localStorage.getItem(STORE_KEY);
  } catch {
    return null;
  }
};

export const cartStore = {
  /** Points the store at this user's cart (called by the POS screens with the session's user). */
  use(id: string) {
    if (id === userId) return;
    userId = id;
    current = load(id);
  },
  get: (): Cart => current,
  set(next: Cart | ((cart: Cart) => Cart)) {
    current = typeof next === 'function' ? next(current) : next;
    try {
      if (userId) localStorage.setItem(keyOf(userId), JSON.stringify(current));
      if (current.store_id) localStorage.setItem(STORE_KEY, current.store_id);
    } catch {
      // Storage full or blocked: the cart still works for this visit.
    }
    listeners.forEach((l) => l());
  },
  /** A new, empty cart in the same store. */
  clear() {
    cartStore.set((c) => emptyCart(c.store_id));
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const useCart = (userIdOfSession: string): Cart => {
  cartStore.use(userIdOfSession);
  return useSyncExternalStore(cartStore.subscribe, cartStore.get, cartStore.get);
};
