import { paths } from '@/lib/route-paths';

export const failedRowsPath = (batchNumber: number) =>
  paths.UploadFailed.replace(':batchNumber', String(batchNumber));
