import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contracts from '../index.js';
import { optionalText, requiredText, inputString } from './zod-rules.js';

/**
 * PostgreSQL text cannot hold U+0000: a NUL byte reaching the database is a 500 (on a write) or
 * a whole offline batch refused. The contracts' string rule refuses it, naming the field; this
 * walks every input schema the contracts export and checks each text field on its way in.
 */
const NUL = 'Ada\u0000Obi';

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** [path, schema] of every string a schema reads (a pipe starting from a string is taken whole). */
const stringLeaves = (schema: z.ZodType, path: string, seen = new Set<unknown>()): [string, z.ZodType][] => {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const walk = (s: unknown, p: string) => stringLeaves(s as z.ZodType, p, seen);
  switch (def.type) {
    case 'string':
      return [[path, schema]];
    case 'object':
      return Object.entries(def.shape as Record<string, z.ZodType>).flatMap(([k, v]) =>
        walk(v, path ? `${path}.${k}` : k),
      );
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return walk(def.innerType, path);
    case 'array':
      return walk(def.element, `${path}[0]`);
    case 'union':
      return (def.options as z.ZodType[]).flatMap((o) => walk(o, path));
    case 'intersection':
      return [...walk(def.left, path), ...walk(def.right, path)];
    case 'record':
      return walk(def.valueType, `${path}.*`);
    case 'pipe':
      return defOf(def.in as z.ZodType).type === 'string' ? [[path, schema]] : walk(def.out, path);
    default:
      return [];
  }
};

const INPUT = /(Body|Query|Params|Record|Input)$|^deviceInfo$/;
const inputs = Object.entries(contracts).filter(
  ([name, value]) => INPUT.test(name) && !!value && typeof value === 'object' && '_zod' in value,
) as [string, z.ZodType][];

describe('no NUL byte (U+0000) gets into the database', () => {
  it('the shared rule refuses it, naming the field', () => {
    expect(inputString('note').safeParse(NUL).error?.issues[0]?.message).toBe(
      'note cannot contain the character U+0000.',
    );
    expect(requiredText('first_name').safeParse(NUL).error?.issues[0]?.message).toContain('first_name');
    expect(optionalText('note').safeParse(NUL).success).toBe(false);
    expect(requiredText('first_name').safeParse('  Ada Obi ').data).toBe('Ada Obi');
  });

  it('finds the input schemas', () => {
    expect(inputs.length).toBeGreaterThan(80);
    expect(stringLeaves(contracts.createCustomerBody, '').map(([p]) => p)).toContain('first_name');
  });

  it('every text field of every input schema refuses it', () => {
    const letThrough = inputs.flatMap(([name, schema]) =>
      stringLeaves(schema, '')
        .filter(([, leaf]) => leaf.safeParse(NUL).success)
        .map(([path]) => `${name}.${path}`),
    );
    expect(letThrough).toEqual([]);
  });
});
