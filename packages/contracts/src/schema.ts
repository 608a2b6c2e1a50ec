import { FormatRegistry, Type, type TSchema } from '@sinclair/typebox';

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

export const IdParam = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const UserIdParam = Type.Object({ userId: Type.Integer({ minimum: 1 }) });
