import { FormatRegistry, Type, type StringOptions, type TSchema } from '@sinclair/typebox';

/*
 * TypeBox's Value.Check knows no string formats until they are registered; Fastify's Ajv has its own.
 * Registered here, at the root of every import of contracts, so both sides accept the same strings.
 */
const FORMATS: Record<string, (v: string) => boolean> = {
  uuid: (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
  'date-time': (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)),
  date: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)),
  email: (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
};
for (const [name, check] of Object.entries(FORMATS)) if (!FormatRegistry.Has(name)) FormatRegistry.Set(name, check);

/** A value that may be absent in a response: the specification's fields are often optional or null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** ISO-8601 timestamp as JSON text. */
export const IsoDateTime = Type.String({ format: 'date-time' });

/**
 * The largest id any route accepts: JavaScript's safe integers (2^53 - 1), well inside PostgreSQL's
 * bigint. Past it a number cannot even be represented exactly, so `9223372036854775808` or `1e20` in a
 * path is a 400 from the schema, before any query runs.
 */
export const MAX_ID = Number.MAX_SAFE_INTEGER;

/** A database id (path parameter or body field): an integer from 1 to MAX_ID. Use it for every id. */
export const Id = (options: { description?: string } = {}) => Type.Integer({ minimum: 1, maximum: MAX_ID, ...options });

export const IdParam = Type.Object({ id: Id() });
export const UserIdParam = Type.Object({ userId: Id() });

/*
 * Text fields. PostgreSQL cannot store NUL at all (a 500 if it gets that far), and the other control
 * characters (C0, DEL, C1: terminal escapes, bells, invisible separators) have no place in a name, a
 * city or a note. The patterns are plain \u escapes, so Ajv (server) and TypeBox (client) read them
 * the same way. `errorMessage` is what the 400 says instead of the pattern itself.
 */
const CONTROL = '\\u0000-\\u001F\\u007F-\\u009F';
const CONTROL_EXCEPT_LINES = '\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F';
const NO_CONTROL = 'must not contain control characters';

type TextOptions = Omit<StringOptions, 'pattern' | 'format'> & { maxLength: number };

/** Single-line text without control characters, e.g. a search term or an exercise name. */
export const PlainText = (options: TextOptions) => Type.String({ errorMessage: NO_CONTROL, ...options, pattern: `^[^${CONTROL}]*$` });

/** Free text of several lines (notes): tabs and line breaks are allowed, other control characters are not. */
export const MultilineText = (options: TextOptions) => Type.String({ errorMessage: NO_CONTROL, ...options, pattern: `^[^${CONTROL_EXCEPT_LINES}]*$` });

/**
 * Single-line text whose length is checked AFTER trimming: surrounding whitespace may be sent (the
 * server trims it before storing), and what remains must be `minLength` (0 or 1) to `maxLength`
 * characters without control characters. So '   ' is refused where a name is required.
 */
export function TrimmedText(options: { minLength: 0 | 1; maxLength: number; description?: string }) {
  const { minLength, maxLength } = options;
  const edge = `[^\\s${CONTROL}]`;
  const core = `${edge}(?:[^${CONTROL}]{0,${maxLength - 2}}${edge})?`;
  const what = minLength === 1 ? `must be 1 to ${maxLength} characters (not only spaces)` : `must be at most ${maxLength} characters`;
  return Type.String({
    // Room for surrounding whitespace, but bounded: the pattern never sees megabytes.
    maxLength: maxLength * 4,
    pattern: minLength === 1 ? `^\\s*${core}\\s*$` : `^\\s*(?:${core})?\\s*$`,
    errorMessage: `${what}, without control characters`,
    // The words state the length too: the raw bound above is a guard, not a second rule to tell the golfer
    // (a 5,000-character name read 'must be at most 320 characters; must be 1 to 80 characters').
    lengthInWords: true,
    ...(options.description ? { description: options.description } : {}),
  });
}
