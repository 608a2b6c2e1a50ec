import { Type, type Static } from '@sinclair/typebox';

export const FieldError = Type.Object({ field: Type.String(), message: Type.String() });

/**
 * Every non-2xx JSON answer. `requiresUpgrade` marks plan-limit refusals the client turns into upgrade
 * prompts; `nothingSaved` marks a refusal that stored and spent nothing, so the same request may be sent
 * again (after the answer's Retry-After) without counting twice.
 */
export const ErrorBody = Type.Object({
  message: Type.String(),
  title: Type.Optional(Type.String()),
  errors: Type.Optional(Type.Array(FieldError)),
  requiresUpgrade: Type.Optional(Type.Boolean()),
  nothingSaved: Type.Optional(Type.Boolean()),
});
export type ErrorBody = Static<typeof ErrorBody>;
