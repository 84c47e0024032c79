import { useEffect, useRef, type RefObject } from 'react';
import { changeQuantity, type Cart } from './cart';
import { cartStore } from './cart-store';

const isTyping = (t: EventTarget | null) =>
  t instanceof HTMLElement && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.isContentEditable);

/**
 * Laptop shortcuts: / or F2 search, F4 charge, + / − the selected line's quantity (the last line when none
 * is selected). None while a dialog is open.
 */
export const useTillShortcuts = (
  searchRef: RefObject<HTMLInputElement | null>,
  state: { charge: () => void; selectedKey: string | null; cart: Cart },
) => {
  const keys = useRef(state);
  keys.current = state;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (document.querySelector('[role="dialog"]')) return;
      if (e.key === 'F2' || (e.key === '/' && !isTyping(e.target))) {
        e.preventDefault();
        searchRef.current?.focus();
        searchRef.current?.select();
      } else if (e.key === 'F4') {
        e.preventDefault();
        keys.current.charge();
      } else if ((e.key === '+' || e.key === '-') && !isTyping(e.target)) {
        const { cart: c, selectedKey: sel } = keys.current;
        const key = sel && c.lines.some((l) => l.key === sel) ? sel : c.lines[c.lines.length - 1]?.key;
        if (!key) return;
        e.preventDefault();
        cartStore.set((x) => changeQuantity(x, key, e.key === '+' ? 1 : -1));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [searchRef]);
};
