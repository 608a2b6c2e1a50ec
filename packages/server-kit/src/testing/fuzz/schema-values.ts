import fc from 'fast-check';

/*
 * Values derived from a route's JSON schema (TypeBox schemas are JSON Schema): what it accepts,
 * what sits on and just past its edges, and what no schema should let through. Read by the fuzzer
 * for path parameters, query strings and bodies alike.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  const?: unknown;
  enum?: unknown[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
}

/** Ids worth trying besides random ones: the signed-in golfer's own, another golfer's, existing rows. */
export interface ValueHints {
  ids?: number[];
  /** Real ids that are text (a Stripe checkout's cs_…), mixed into strings whose schema they fit, so handlers past the lookup run. */
  texts?: string[];
}

/** Text that has broken servers: NUL and escapes, odd Unicode, injection attempts, huge and numeric-looking strings. */
export const HOSTILE_TEXT = [
  '\u0000',
  'Ti\u0000ger',
  '\u0007\u001b[31mred',
  '\r\n\t',
  '\u0085\u009f',
  '\u202Egnp.exe',
  'e\u0301\u0301\u0301\u0301',
  '\u200B\u200D\uFEFF',
  '\uD800',
  '\uDFFF\uD800x',
  '😀🏌️‍♀️',
  '𝔘'.repeat(3000),
  'x'.repeat(100_000),
  ' '.repeat(2000),
  "' OR 1=1 --",
  "'; DROP TABLE users; --",
  '../../../../etc/passwd',
  '%00',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '%s%s%n',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  '-1',
  '1e20',
  '9223372036854775808',
  '\\u0000',
  '',
];

/** Numbers past every column type and float oddities (JSON has no NaN or Infinity). */
export const HOSTILE_NUMBERS = [2 ** 31, 2 ** 53, 2 ** 53 + 2, 2 ** 63, 1e20, 1e308, -1e308, -(2 ** 63), 5e-324, 1.5, -0, -1, 0];

/** Values of the wrong JSON type for any field. */
export const WRONG_TYPES: unknown[] = [null, true, false, 0, -1, '', 'x', '12abc', [], {}, [1, 2], { a: 1 }, [[[[[]]]]]];

const typeOf = (schema: JsonSchema): string | undefined => (Array.isArray(schema.type) ? schema.type[0] : schema.type);

const oneOfSchemas = (schema: JsonSchema) => schema.anyOf ?? schema.oneOf;

function bounds(schema: JsonSchema, fallbackMin: number, fallbackMax: number) {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : fallbackMin);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : fallbackMax);
  return { min, max: Math.max(min, max) };
}

function patterned(pattern: string, minLength: number, maxLength: number): fc.Arbitrary<string> {
  const regex = new RegExp(pattern, 'u');
  try {
    return fc.stringMatching(new RegExp(pattern), { size: 'small' }).filter((v) => regex.test(v));
  } catch {
    // A pattern fast-check cannot read: plain text that happens to match, or the shortest candidates.
    return fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 20) }).filter((v) => regex.test(v));
  }
}

function validString(schema: JsonSchema, hints: ValueHints = {}): fc.Arbitrary<string> {
  const known = (hints.texts ?? []).filter((text) => fits(schema, text));
  const made = madeString(schema);
  return known.length ? fc.oneof(made, fc.constantFrom(...known)) : made;
}

const fits = (schema: JsonSchema, text: string) =>
  !schema.format && text.length >= (schema.minLength ?? 0) && text.length <= (schema.maxLength ?? Infinity) && (!schema.pattern || new RegExp(schema.pattern, 'u').test(text));

function madeString(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, min + 40);
  switch (schema.format) {
    case 'email':
      return fc.tuple(fc.stringMatching(/^[a-z][a-z0-9]{0,11}$/), fc.stringMatching(/^[a-z]{1,10}$/)).map(([name, host]) => `${name}@${host}.com`);
    case 'date-time':
      return fc.date({ min: new Date('1990-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc.date({ min: new Date('1990-01-01'), max: new Date('2090-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'uuid':
      return fc.uuid();
  }
  if (schema.pattern) return patterned(schema.pattern, min, max);
  return fc.string({ minLength: min, maxLength: max, unit: 'grapheme' });
}

function validInteger(schema: JsonSchema, hints: ValueHints): fc.Arbitrary<number> {
  const { min, max } = bounds(schema, -1000, 1_000_000);
  const near = fc.integer({ min, max: Math.min(max, min + 1000) });
  const anywhere = fc.integer({ min, max });
  const known = (hints.ids ?? []).filter((id) => id >= min && id <= max);
  return known.length ? fc.oneof(fc.constantFrom(...known), near, anywhere) : fc.oneof(near, anywhere);
}

function objectOf(schema: JsonSchema, field: (s: JsonSchema) => fc.Arbitrary<unknown>, allRequired: boolean): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const model = Object.fromEntries(Object.entries(properties).map(([key, s]) => [key, field(s)]));
  const requiredKeys = allRequired ? (schema.required ?? []).filter((k) => k in properties) : [];
  return fc.record(model, { requiredKeys }) as fc.Arbitrary<Record<string, unknown>>;
}

/** Values the schema accepts. */
export function validValue(schema: JsonSchema | undefined, hints: ValueHints = {}): fc.Arbitrary<unknown> {
  if (!schema) return fc.jsonValue({ maxDepth: 2 });
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = oneOfSchemas(schema);
  if (union) return fc.oneof(...union.map((s) => validValue(s, hints)));
  if (schema.allOf?.length) return validValue(Object.assign({}, ...schema.allOf), hints);
  switch (typeOf(schema)) {
    case 'object':
      return objectOf(schema, (s) => validValue(s, hints), true);
    case 'array':
      return fc.array(validValue(schema.items, hints), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, (schema.minItems ?? 0) + 4) });
    case 'string':
      return validString(schema, hints);
    case 'integer':
      return validInteger(schema, hints);
    case 'number': {
      const { min, max } = bounds(schema, -1e6, 1e6);
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values on and just past the schema's edges (lengths, ranges, item counts, missing and extra keys). */
export function edgeValue(schema: JsonSchema | undefined, hints: ValueHints = {}): fc.Arbitrary<unknown> {
  if (!schema) return fc.constantFrom<unknown>(...WRONG_TYPES);
  const union = oneOfSchemas(schema);
  if (union) return fc.oneof(...union.map((s) => edgeValue(s, hints)));
  switch (typeOf(schema)) {
    case 'object':
      return fc.oneof(
        fc.constant({}),
        objectOf(schema, (s) => fc.oneof(validValue(s, hints), edgeValue(s, hints)), false),
        validValue(schema, hints).map((v) => ({ ...(v as object), unexpectedField: 'x' })),
      );
    case 'array': {
      const item = validValue(schema.items, hints);
      return fc.oneof(fc.constant([]), fc.array(item, { minLength: (schema.maxItems ?? 50) + 1, maxLength: (schema.maxItems ?? 50) + 1 }));
    }
    case 'string': {
      const max = schema.maxLength ?? 1000;
      const min = schema.minLength ?? 0;
      return fc.constantFrom('', ' ', 'a'.repeat(max), 'a'.repeat(max + 1), ' '.repeat(max + 1), 'a'.repeat(Math.max(min - 1, 0)), 'é'.repeat(max));
    }
    case 'integer':
    case 'number': {
      const { min, max } = bounds(schema, -(2 ** 31), 2 ** 31);
      // Past PostgreSQL's integer and bigint as often as inside: that is where ids broke (issue 17).
      return fc.oneof(fc.constantFrom(min, max, min - 1, max + 1, 0, -1, 2 ** 31, 2 ** 53 + 2, 1.5), fc.constantFrom(2 ** 63, 1e20, 1e21, 1e300, -(2 ** 63) - 4096));
    }
    default:
      return validValue(schema, hints);
  }
}

/**
 * Values no schema should let through, and values that have broken servers: mostly of the field's own
 * type (hostile text for text, numbers past every column for numbers), often of the wrong type.
 */
export function hostileValue(schema?: JsonSchema): fc.Arbitrary<unknown> {
  const text = fc.oneof({ weight: 4, arbitrary: fc.constantFrom<unknown>(...HOSTILE_TEXT) }, { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 64 }) });
  const numbers = fc.constantFrom<unknown>(...HOSTILE_NUMBERS);
  const wrong = fc.oneof(fc.constantFrom<unknown>(...WRONG_TYPES), fc.jsonValue({ maxDepth: 3 }));
  const type = schema ? typeOf(schema) : undefined;
  if (type === 'string') return fc.oneof({ weight: 3, arbitrary: text }, { weight: 1, arbitrary: wrong });
  if (type === 'integer' || type === 'number') return fc.oneof({ weight: 3, arbitrary: numbers }, { weight: 1, arbitrary: text }, { weight: 1, arbitrary: wrong });
  return fc.oneof(text, numbers, wrong);
}

/** What the fuzzer sends for a field: mostly valid or on the edge, often hostile; objects mixed field by field. */
export function fuzzValue(schema: JsonSchema | undefined, hints: ValueHints = {}): fc.Arbitrary<unknown> {
  const whole = fc.oneof({ weight: 3, arbitrary: validValue(schema, hints) }, { weight: 3, arbitrary: edgeValue(schema, hints) }, { weight: 4, arbitrary: hostileValue(schema) });
  if (!schema || typeOf(schema) !== 'object' || !schema.properties) return whole;
  const fieldByField = fc.oneof(
    objectOf(schema, (s) => fuzzValue(s, hints), true),
    objectOf(schema, (s) => fuzzValue(s, hints), false),
  );
  return fc.oneof({ weight: 3, arbitrary: fieldByField }, { weight: 2, arbitrary: whole });
}
