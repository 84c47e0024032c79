import { useEffect, useState } from 'react';

export type FlashMessage = { text: string; error?: boolean };

/** The till's one-line status ("Added …"): it clears itself, an error after 4 s, other news after 1.5 s. */
export const useFlashMessage = () => {
  const [message, setMessage] = useState<FlashMessage | null>(null);
  useEffect(() => {
    if (!message) return;
    const t = setTimeout(() => setMessage(null), message.error ? 4000 : 1500);
    return () => clearTimeout(t);
  }, [message]);
  return [message, setMessage] as const;
};
