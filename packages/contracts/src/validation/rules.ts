/**
 * The form rules of spec 000 §5 with their exact messages. Each rule returns true when the value
 * passes, else the message with the field's name put in.
 */
export type RuleResult = true | string;

const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  (typeof v === 'string' && v.trim() === '') ||
  (Array.isArray(v) && v.length === 0);

const asNumber = (v: unknown): number =>
  typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;

export const ruleMessages = {
  generic_required: (field: string) => `The ${field} field is required.`,
  positive: (field: string) => `This ${field} must be a positive number.`,
  greaterthanzero: (field: string) => `The ${field} field must be a positive number.`,
  onlynumbers: (field: string) => `The ${field} accepts only numbers.`,
  atleastonenumber: (field: string) => `The ${field} field must have atleast one number.`,
  atleastoneuppercase: (field: string) => `The ${field} field must have atleast one uppercase letter.`,
  atleastonelowercase: (field: string) => `The ${field} field must have atleast one lowercase letter.`,
  atleastonespecialcharacter: (field: string) =>
    `The ${field} field must have atleast one special character.`,
  minmax: (field: string, min: number, max: number) =>
    `The ${field} field must be between ${min} and ${max}.`,
  exactLength: (field: string, length: number) => `The ${field} must be exactly ${length} characters long.`,
} as const;

export const rules = {
  generic_required: (v: unknown, field: string): RuleResult =>
    isEmpty(v) ? ruleMessages.generic_required(field) : true,
  positive: (v: unknown, field: string): RuleResult =>
    asNumber(v) >= 0 ? true : ruleMessages.positive(field),
  greaterthanzero: (v: unknown, field: string): RuleResult =>
    asNumber(v) > 0 ? true : ruleMessages.greaterthanzero(field),
  onlynumbers: (v: unknown, field: string): RuleResult =>
    /^\d+$/.test(String(v ?? '')) ? true : ruleMessages.onlynumbers(field),
  atleastonenumber: (v: unknown, field: string): RuleResult =>
    /\d/.test(String(v ?? '')) ? true : ruleMessages.atleastonenumber(field),
  atleastoneuppercase: (v: unknown, field: string): RuleResult =>
    /[A-Z]/.test(String(v ?? '')) ? true : ruleMessages.atleastoneuppercase(field),
  atleastonelowercase: (v: unknown, field: string): RuleResult =>
    /[a-z]/.test(String(v ?? '')) ? true : ruleMessages.atleastonelowercase(field),
  atleastonespecialcharacter: (v: unknown, field: string): RuleResult =>
    /[^A-Za-z0-9\s]/.test(String(v ?? '')) ? true : ruleMessages.atleastonespecialcharacter(field),
  /** Strings are measured by length, numbers by value. */
  minmax: (v: unknown, field: string, min: number, max: number): RuleResult => {
    const size = typeof v === 'number' ? v : String(v ?? '').length;
    return size >= min && size <= max ? true : ruleMessages.minmax(field, min, max);
  },
  exactLength: (v: unknown, field: string, length: number): RuleResult =>
    String(v ?? '').length === length ? true : ruleMessages.exactLength(field, length),
  customerbirthday: (): RuleResult => true,
} as const;
