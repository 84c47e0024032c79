/** A local data layer error (spec 000 §8): "named function plus message". */
export class LocalDataError extends Error {
  constructor(
    readonly functionName: string,
    readonly detail: string,
  ) {
    super(`${functionName}: ${detail}`);
    this.name = 'LocalDataError';
  }
}

export const LOCAL_DATA_MESSAGES = {
  noTable: 'tablename not provided',
  missing: 'missing parameter',
  batch: 'BatchProcess Failed',
  keysMismatch: 'parameter mismatch: arrayOfKeys must be array and tableName must be string',
  badTable: 'invalid table name',
  badTimestamp: 'timestamp must be a non-zero number',
  singletonTooMany: 'singleton table holds more than one row',
} as const;
