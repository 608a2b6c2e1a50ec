/** The sign-in and sign-up forms' own email check: enough to catch a slip before the server's stricter one. */
export const emailLooksValid = (email: string) => /^\S+@\S+\.\S+$/.test(email.trim());
export const EMAIL_PROBLEM = 'Enter a valid email address.';
