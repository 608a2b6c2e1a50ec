import { useState } from 'react';
import { EMAIL_TAKEN, PASSWORD_MIN_LENGTH } from '@swingfit/contracts';
import { ApiError } from '../../api/client';
import { Field, Input } from '../../components/ui';
import { AuthForm, type FieldProblems } from './AuthForm';
import { EMAIL_PROBLEM, emailLooksValid } from './email';

type Form = { firstName: string; lastName: string; email: string; password: string };

/** Every field's problem at once, so the golfer fixes them in one pass (focus goes to the first). */
function signUpProblems(form: Form): FieldProblems {
  const problems: FieldProblems = {};
  if (!form.firstName.trim()) problems.firstName = 'Enter your first name.';
  if (!form.lastName.trim()) problems.lastName = 'Enter your last name.';
  if (!emailLooksValid(form.email)) problems.email = EMAIL_PROBLEM;
  if (form.password.length < PASSWORD_MIN_LENGTH) problems.password = `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  return problems;
}

/** An address already registered is the email field's problem. */
const takenEmail = (err: unknown): FieldProblems => (err instanceof ApiError && err.serverMessage === EMAIL_TAKEN ? { email: EMAIL_TAKEN } : {});

export function SignUpScreen() {
  const [form, setForm] = useState<Form>({ firstName: '', lastName: '', email: '', password: '' });
  const set = (key: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  return (
    <AuthForm
      title="Create your account"
      subtitle="Start moving better and playing longer."
      endpoint="/api/auth/register"
      submitLabel="Create Account"
      body={() => ({ firstName: form.firstName.trim(), lastName: form.lastName.trim(), email: form.email.trim(), password: form.password })}
      validate={() => signUpProblems(form)}
      serverProblems={takenEmail}
      switchText="Already have an account?"
      switchLink="/sign-in"
      switchLabel="Sign in"
    >
      {(problems) => (
        <>
          <div className="sf-grid-2">
            <Field label="First name" error={problems.firstName}>
              <Input name="firstName" autoComplete="given-name" value={form.firstName} onChange={set('firstName')} required />
            </Field>
            <Field label="Last name" error={problems.lastName}>
              <Input name="lastName" autoComplete="family-name" value={form.lastName} onChange={set('lastName')} required />
            </Field>
          </div>
          <Field label="Email" error={problems.email}>
            <Input name="email" type="email" autoComplete="email" inputMode="email" value={form.email} onChange={set('email')} required />
          </Field>
          <Field label="Password" hint={`At least ${PASSWORD_MIN_LENGTH} characters`} error={problems.password}>
            <Input name="password" type="password" autoComplete="new-password" value={form.password} onChange={set('password')} required minLength={PASSWORD_MIN_LENGTH} />
          </Field>
        </>
      )}
    </AuthForm>
  );
}
