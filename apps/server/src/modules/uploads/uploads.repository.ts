import type { Database } from '../../db/database.js';

export const insertUpload = (
  db: Database,
  u: {
    businessId: string;
    id: string;
    userId: string;
    path: string;
    mimeType: string;
    size: number;
    originalName: string | null;
  },
) =>
  db
    .insertInto('uploads')
    .values({
      business_id: u.businessId,
      id: u.id,
      user_id: u.userId,
      path: u.path,
      mime_type: u.mimeType,
      size: u.size,
      original_name: u.originalName,
    })
    .execute();
