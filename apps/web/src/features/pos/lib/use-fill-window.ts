import { useLayoutEffect, useRef, useState } from 'react';

/** A banner above the till (offline, update) can appear at any time: look again this often. */
const RECHECK_MS = 2_000;

/**
 * The height from an element's top to the bottom of the window (less `gap`), kept current when the
 * window is resized, the element above it changes size (a wrapped header) or something moves it (a
 * banner). The till uses it so that its cart — total and Charge included — always fits the screen
 * (issue 11). Only what is above the element is watched, never the element or the page it sizes, so
 * a new height cannot trigger another measurement.
 */
export const useFillWindow = <T extends HTMLElement>(enabled: boolean, gap = 16) => {
  const ref = useRef<T>(null);
  const [height, setHeight] = useState<number | undefined>(undefined);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!enabled || !el) {
      setHeight(undefined);
      return;
    }
    const measure = () => {
      const top = el.getBoundingClientRect().top + window.scrollY;
      const next = Math.max(320, Math.floor(window.innerHeight - top - gap));
      setHeight((h) => (h === next ? h : next));
    };
    measure();
    const observer = new ResizeObserver(measure);
    if (el.previousElementSibling) observer.observe(el.previousElementSibling);
    window.addEventListener('resize', measure);
    const timer = setInterval(measure, RECHECK_MS);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
      clearInterval(timer);
    };
  }, [enabled, gap]);
  return { ref, height };
};
