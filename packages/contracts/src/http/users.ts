import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { IsoDateTime, Nullable, TrimmedText } from '../schema.js';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PersonName } from './auth.js';

/** The user record of specification section 3, as the API returns it. */
export const User = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  firstName: Nullable(Type.String()),
  lastName: Nullable(Type.String()),
  handicap: Nullable(Type.Number()),
  city: Nullable(Type.String()),
  state: Nullable(Type.String()),
  streak: Type.Integer(),
  monthlyPoints: Type.Integer(),
  weeklyPoints: Type.Integer(),
  totalPoints: Type.Integer(),
  isPremium: Type.Boolean(),
  videoUploadsUsed: Type.Integer(),
  analysisViewsUsed: Type.Integer(),
  workoutViewsUsed: Type.Integer(),
  createdAt: IsoDateTime,
  stripeCustomerId: Nullable(Type.String()),
  stripeSubscriptionId: Nullable(Type.String()),
  subscriptionEndDate: Nullable(IsoDateTime),
  /** 'local' accounts have a password here; 'oidc' accounts change it at their provider. */
  authProvider: Type.Union([Type.Literal('local'), Type.Literal('oidc')]),
});
export type User = Static<typeof User>;

/** The World Handicap System's range: a plus handicap down to +10 (stored as -10), up to the 54.0 maximum. */
export const HANDICAP_RANGE = { min: -10, max: 54 } as const;
/** The longest city or state, counted after trimming. */
export const PLACE_MAX_LENGTH = 80;

/** City or state: optional; a blank one (after trimming) is stored as none. */
const Place = TrimmedText({ minLength: 0, maxLength: PLACE_MAX_LENGTH });

/** PATCH /api/users/{id}: the profile's editable fields. */
export const UserPatch = Type.Object(
  {
    firstName: Type.Optional(PersonName),
    lastName: Type.Optional(PersonName),
    email: Type.Optional(Type.String({ format: 'email', maxLength: EMAIL_MAX_LENGTH })),
    // Step 0.1 is the form's; no multipleOf here, since binary floats make 2.4 fail `multipleOf: 0.1`.
    // The column is numeric(4,1), so the server stores one decimal.
    handicap: Type.Optional(Nullable(Type.Number({ minimum: HANDICAP_RANGE.min, maximum: HANDICAP_RANGE.max }))),
    city: Type.Optional(Nullable(Place)),
    state: Type.Optional(Nullable(Place)),
  },
  { additionalProperties: false },
);
export type UserPatch = Static<typeof UserPatch>;

export type UserPatchField = keyof typeof UserPatch.properties;
export type UserPatchProblems = Partial<Record<UserPatchField, string>>;

/** What each profile field must be, in the words the form shows under it (the limits are the schema's). */
export const USER_PATCH_RULES: Record<UserPatchField, string> = {
  firstName: `must be 1 to ${NAME_MAX_LENGTH} characters`,
  lastName: `must be 1 to ${NAME_MAX_LENGTH} characters`,
  email: `must be a valid email address (at most ${EMAIL_MAX_LENGTH} characters)`,
  handicap: `must be a number from ${HANDICAP_RANGE.min} to ${HANDICAP_RANGE.max}`,
  city: `must be at most ${PLACE_MAX_LENGTH} characters`,
  state: `must be at most ${PLACE_MAX_LENGTH} characters`,
};

/**
 * The profile form's check before it sends: each field of the patch against UserPatch's own schema for
 * it, so the client refuses exactly what the server's 400 would. Empty when the patch may be sent.
 */
export function userPatchProblems(patch: Record<string, unknown>): UserPatchProblems {
  const problems: UserPatchProblems = {};
  for (const field of Object.keys(UserPatch.properties) as UserPatchField[]) {
    if (field in patch && !Value.Check(UserPatch.properties[field], patch[field])) problems[field] = USER_PATCH_RULES[field];
  }
  return problems;
}
