import { Type, type Static } from '@sinclair/typebox';
import { IsoDateTime, Nullable, TrimmedText } from '../schema.js';
import { PersonName } from './auth.js';

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

/** City or state: optional; a blank one (after trimming) is stored as none. */
const Place = TrimmedText({ minLength: 0, maxLength: 80 });

/** PATCH /api/users/{id}: the profile's editable fields. */
export const UserPatch = Type.Object(
  {
    firstName: Type.Optional(PersonName),
    lastName: Type.Optional(PersonName),
    email: Type.Optional(Type.String({ format: 'email', maxLength: 254 })),
    // Step 0.1 is the form's; no multipleOf here, since binary floats make 2.4 fail `multipleOf: 0.1`.
    // The column is numeric(4,1), so the server stores one decimal.
    handicap: Type.Optional(Nullable(Type.Number({ minimum: -10, maximum: 54 }))),
    city: Type.Optional(Nullable(Place)),
    state: Type.Optional(Nullable(Place)),
  },
  { additionalProperties: false },
);
export type UserPatch = Static<typeof UserPatch>;
