import { Type, type TSchema } from '@sinclair/typebox';

/** A value that may be absent in a response: the specification's fields are often optional or null. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** ISO-8601 timestamp as JSON text. */
export const IsoDateTime = Type.String({ format: 'date-time' });

export const IdParam = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const UserIdParam = Type.Object({ userId: Type.Integer({ minimum: 1 }) });
