import { paths } from '@/app/route-paths';

export const failedRowsPath = (batchNumber: number) =>
  paths.UploadFailed.replace(':batchNumber', String(batchNumber));
