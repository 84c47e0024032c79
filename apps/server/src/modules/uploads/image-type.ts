/** What an image really is, read from its first bytes; the browser's declared type is not trusted. */
const SIGNATURES = [
  { mime: 'image/png', ext: 'png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { mime: 'image/jpeg', ext: 'jpg', magic: [0xff, 0xd8, 0xff] },
] as const;

export type ImageType = { mime: 'image/png' | 'image/jpeg'; ext: 'png' | 'jpg' };

export const detectImageType = (bytes: Uint8Array): ImageType | undefined => {
  const match = SIGNATURES.find((s) => s.magic.every((b, i) => bytes[i] === b));
  return match && { mime: match.mime, ext: match.ext };
};
