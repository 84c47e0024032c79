/** The periods a person can pick for a module on the Sync Settings screen (ms), and how they read. */
export const FREQUENCY_CHOICES_MS = [
  30_000, 60_000, 80_000, 120_000, 300_000, 600_000, 900_000, 1_800_000, 3_600_000,
] as const;

export const frequencyLabel = (ms: number): string => {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60 || seconds % 60 !== 0) return `Every ${seconds} seconds`;
  const minutes = seconds / 60;
  if (minutes === 1) return 'Every minute';
  if (minutes < 60 || minutes % 60 !== 0) return `Every ${minutes} minutes`;
  const hours = minutes / 60;
  return hours === 1 ? 'Every hour' : `Every ${hours} hours`;
};

/** The choices for a module, with its current period added when it is not one of them. */
export const frequencyOptions = (current: number) =>
  [...new Set([...FREQUENCY_CHOICES_MS, current])]
    .sort((a, b) => a - b)
    .map((ms) => ({ value: String(ms), label: frequencyLabel(ms) }));
