import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { IMAGE_MIME_TYPES, IMAGE_UPLOAD_MAX_BYTES, TEXT } from '@ms/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, HttpError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { detectImageType } from './image-type.js';
import { insertUpload } from './uploads.repository.js';

const MAX_MB = IMAGE_UPLOAD_MAX_BYTES / (1024 * 1024);
const tooLarge = () => new HttpError(413, `The file is too large: images can be up to ${MAX_MB} MB (file).`);
const invalidType = () => badRequest(`${TEXT.invalidType}: the file must be a PNG or JPEG image.`);

/** Reads the whole part (at most the multipart file limit), turning the plugin's errors into ours. */
export const readFilePart = async (
  part: MultipartFile | undefined,
): Promise<{ part: MultipartFile; bytes: Buffer }> => {
  if (!part || part.fieldname !== 'file')
    throw badRequest('The file field is required: send the image as multipart form field "file".');
  try {
    return { part, bytes: await part.toBuffer() };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
};

/**
 * Keeps an image under `<dataDir>/uploads/<business>/<id>.<ext>`, which the server serves at
 * `/files/<business>/<id>.<ext>`, and records who uploaded it.
 */
export const saveImage = async (
  deps: Deps,
  caller: { businessId: string; userId: string },
  file: { bytes: Buffer; declaredMime: string; originalName: string | undefined },
) => {
  const type = detectImageType(file.bytes);
  if (!type || !(IMAGE_MIME_TYPES as readonly string[]).includes(file.declaredMime)) throw invalidType();
  if (file.bytes.length > IMAGE_UPLOAD_MAX_BYTES) throw tooLarge();
  const id = newId();
  const name = `${id}.${type.ext}`;
  const relative = `${caller.businessId}/${name}`;
  const dir = join(deps.env.dataDir, 'uploads', caller.businessId);
  await mkdir(dir, { recursive: true });
  const fullPath = join(dir, name);
  await writeFile(fullPath, file.bytes, { flag: 'wx' });
  try {
    await insertUpload(deps.db, {
      businessId: caller.businessId,
      id,
      userId: caller.userId,
      path: relative,
      mimeType: type.mime,
      size: file.bytes.length,
      originalName: file.originalName?.slice(0, 255) || null,
    });
  } catch (error) {
    await rm(fullPath, { force: true });
    throw error;
  }
  return { url: `/files/${relative}`, mime_type: type.mime, size: file.bytes.length };
};
