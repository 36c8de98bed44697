import type { z } from 'zod';

/**
 * Validation that names the field: every refusal of a catalogue record says
 * where in the record the problem is and what is wrong, in words a merchandiser reads:
 * `variants[0].price: must be 0 or more`.
 */

/** One refused field: its place in the record and what is wrong with it. */
export interface FieldIssue {
  /** `variants[0].price`; empty for the record as a whole. */
  path: string;
  message: string;
}

/** Most issues one refusal lists (a 4 MB body could hold thousands). */
export const MAX_FIELD_ISSUES = 50;

/** ['variants', 0, 'options', 'Wheel Size'] -> 'variants[0].options["Wheel Size"]' */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((key, index) => {
      if (typeof key === 'number') return `[${key}]`;
      const name = String(key);
      if (!/^[A-Za-z_$][\w$]*$/.test(name)) return `[${JSON.stringify(name)}]`;
      return index === 0 ? name : `.${name}`;
    })
    .join('');
}

/** The issues as one line, as the `error` text of a reply: the first five, `; ` between. */
export function describeIssues(issues: readonly FieldIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => (issue.path ? `${issue.path}: ${issue.message}` : issue.message))
    .join('; ');
}

const TYPE_WORDS: Readonly<Record<string, string>> = {
  number: 'a number',
  int: 'a whole number',
  string: 'text',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  record: 'an object',
};

const items = (count: number) => `${count} item${count === 1 ? '' : 's'}`;

/**
 * zod's error map with our words. Messages a schema gives itself (`must have at most 2
 * decimals`, `must be prefix_value`) win over these, as zod ranks a schema's own first.
 */
export const fieldMessages: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `must be ${TYPE_WORDS[issue.expected] ?? issue.expected}`;
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'string') {
        return min <= 1 ? 'must not be empty' : `must be at least ${min} characters`;
      }
      if (issue.origin === 'array' || issue.origin === 'set')
        return `must have at least ${items(min)}`;
      return issue.inclusive === false ? `must be more than ${min}` : `must be ${min} or more`;
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      if (issue.origin === 'string') return `must be at most ${max} characters`;
      if (issue.origin === 'array' || issue.origin === 'set')
        return `must have at most ${items(max)}`;
      return issue.inclusive === false ? `must be less than ${max}` : `must be ${max} or less`;
    }
    case 'invalid_format':
      if (issue.format === 'datetime') {
        return 'must be an ISO date-time in UTC, such as 2024-05-01T12:00:00Z';
      }
      return 'has the wrong format';
    case 'invalid_value':
      return `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'invalid_union':
      return 'has none of the accepted forms';
    default:
      return undefined;
  }
};

/** The parts of a zod 4 schema definition the walk below reads. */
interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  shape?: Readonly<Record<string, z.ZodType>>;
  catchall?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: readonly z.ZodType[];
}

const defOf = (schema: z.ZodType): Def => schema._zod.def;

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch']);

/** The schema under optional/nullable/default wrappers (and the input side of a pipe). */
function unwrap(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in) current = def.in;
    else return current;
  }
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Paths of the object keys in `value` that `schema` has no field for, at any depth (at most
 * `limit`). zod drops such keys without a word, so a misspelt `unitSold` on a PUT would
 * quietly leave unitsSold at its default: the data loss issue 12 is about. Keys are looked
 * up as own properties, so `constructor` or `__proto__` in a body are unknown like any other.
 */
export function unknownFields(
  schema: z.ZodType,
  value: unknown,
  limit = MAX_FIELD_ISSUES,
): PropertyKey[][] {
  const found: PropertyKey[][] = [];
  const walk = (node: z.ZodType, at: unknown, path: PropertyKey[]) => {
    if (found.length >= limit) return;
    const inner = unwrap(node);
    const def = defOf(inner);
    if (def.type === 'object' && def.shape && isPlainObject(at)) {
      for (const key of Object.keys(at)) {
        const field = Object.hasOwn(def.shape, key) ? def.shape[key] : def.catchall;
        if (field === undefined || defOf(field).type === 'never') {
          if (found.length < limit) found.push([...path, key]);
        } else {
          walk(field, at[key], [...path, key]);
        }
      }
    } else if (def.type === 'array' && def.element && Array.isArray(at)) {
      const element = def.element;
      at.forEach((item: unknown, index) => walk(element, item, [...path, index]));
    } else if (def.type === 'record' && def.valueType && isPlainObject(at)) {
      const valueType = def.valueType;
      for (const key of Object.keys(at)) walk(valueType, at[key], [...path, key]);
    } else if (def.type === 'union' && def.options) {
      // The form that has the value's shape (a list or an object); zod reports the rest.
      const kind = Array.isArray(at) ? 'array' : 'object';
      const option = def.options.find((candidate) => {
        const type = defOf(unwrap(candidate)).type;
        return kind === 'array' ? type === 'array' : type === 'object' || type === 'record';
      });
      if (option) walk(option, at, path);
    }
  };
  walk(schema, value, []);
  return found;
}

/** What checking a record found: the parsed value, or the issues and what kind they are. */
export type Checked<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      /** `unknown`: fields the format does not have; `invalid`: values the format refuses. */
      kind: 'unknown' | 'invalid';
      issues: FieldIssue[];
    };

/**
 * Checks a decoded JSON body against a catalogue schema: first for fields the schema does
 * not have (named with `unknownMessage`), then the values, each issue naming its field.
 * @example checkRecord(productInputSchema, body) // { ok: false, kind: 'invalid', issues: [{ path: 'price', message: 'must be 0 or more' }] }
 */
export function checkRecord<S extends z.ZodType>(
  schema: S,
  value: unknown,
  unknownMessage: (path: readonly PropertyKey[]) => string = () => 'is not a field of this record',
): Checked<z.output<S>> {
  const unknown = unknownFields(schema, value);
  if (unknown.length > 0) {
    return {
      ok: false,
      kind: 'unknown',
      issues: unknown.map((path) => ({ path: fieldPath(path), message: unknownMessage(path) })),
    };
  }
  const result = schema.safeParse(value, { error: fieldMessages });
  if (result.success) return { ok: true, data: result.data };
  return {
    ok: false,
    kind: 'invalid',
    issues: result.error.issues
      .slice(0, MAX_FIELD_ISSUES)
      .map((issue) => ({ path: fieldPath(issue.path), message: issue.message })),
  };
}
