import { Type, type Static } from '@sinclair/typebox';
import { TrimmedText } from '../schema.js';

export const PASSWORD_MIN_LENGTH = 8;

/** RFC 5321's longest address. */
export const EMAIL_MAX_LENGTH = 254;
/** The longest first or last name, counted after trimming. */
export const NAME_MAX_LENGTH = 80;

const Email = Type.String({ format: 'email', maxLength: EMAIL_MAX_LENGTH });
const Password = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: 200 });
/** A first or last name: checked after trimming (the server stores it trimmed), so '   ' is refused. */
export const PersonName = TrimmedText({ minLength: 1, maxLength: NAME_MAX_LENGTH });

export const RegisterBody = Type.Object(
  {
    email: Email,
    password: Password,
    firstName: PersonName,
    lastName: PersonName,
  },
  { additionalProperties: false },
);
export type RegisterBody = Static<typeof RegisterBody>;

export const LoginBody = Type.Object(
  { email: Email, password: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export type LoginBody = Static<typeof LoginBody>;

export const ChangePasswordBody = Type.Object(
  { currentPassword: Type.String({ minLength: 1, maxLength: 200 }), newPassword: Password },
  { additionalProperties: false },
);
export type ChangePasswordBody = Static<typeof ChangePasswordBody>;

export const AdminLoginBody = Type.Object({ password: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });
export type AdminLoginBody = Static<typeof AdminLoginBody>;

/** The same words for unknown email and wrong password, so the form leaks nothing about accounts. */
export const INVALID_CREDENTIALS = 'Invalid email or password';
export const EMAIL_TAKEN = 'An account with this email already exists';
