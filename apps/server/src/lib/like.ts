/** A user's search text as a LIKE pattern's literal part: `%`, `_` and `\` match only themselves. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
