import { useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '@swingfit/contracts';
import { Field, Input } from '../../components/ui';
import { AuthForm } from './AuthForm';

export function SignUpScreen() {
  const [form, setForm] = useState({ firstName: '', lastName: '', email: '', password: '' });
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const validate = () => {
    if (!form.firstName.trim() || !form.lastName.trim()) return 'Enter your first and last name.';
    if (!/^\S+@\S+\.\S+$/.test(form.email.trim())) return 'Enter a valid email address.';
    if (form.password.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
    return null;
  };
  return (
    <AuthForm
      title="Create your account"
      subtitle="Start moving better and playing longer."
      endpoint="/api/auth/register"
      submitLabel="Create Account"
      body={() => ({ firstName: form.firstName.trim(), lastName: form.lastName.trim(), email: form.email.trim(), password: form.password })}
      validate={validate}
      switchText="Already have an account?"
      switchLink="/sign-in"
      switchLabel="Sign in"
    >
      <div className="sf-grid-2">
        <Field label="First name">
          <Input autoComplete="given-name" value={form.firstName} onChange={set('firstName')} required />
        </Field>
        <Field label="Last name">
          <Input autoComplete="family-name" value={form.lastName} onChange={set('lastName')} required />
        </Field>
      </div>
      <Field label="Email">
        <Input type="email" autoComplete="email" inputMode="email" value={form.email} onChange={set('email')} required />
      </Field>
      <Field label="Password" hint={`At least ${PASSWORD_MIN_LENGTH} characters`}>
        <Input type="password" autoComplete="new-password" value={form.password} onChange={set('password')} required minLength={PASSWORD_MIN_LENGTH} />
      </Field>
    </AuthForm>
  );
}
