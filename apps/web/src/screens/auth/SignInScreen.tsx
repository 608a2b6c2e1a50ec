import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Field, Input } from '../../components/ui';
import { AuthForm } from './AuthForm';

/** Why the gateway's single sign-on sent the browser back here (GET /api/login and its callback). */
const REDIRECT_ERRORS: Record<string, string> = {
  provider_unavailable: 'Single sign-on is unavailable right now. Sign in with your email and password instead.',
  sign_in_failed: "Sign-in didn't complete. Please try again.",
};

export function SignInScreen() {
  const [params] = useSearchParams();
  const redirectError = REDIRECT_ERRORS[params.get('error') ?? ''];
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  return (
    <AuthForm
      title="Sign in"
      subtitle="Welcome back. Pick up where you left off."
      endpoint="/api/auth/login"
      submitLabel="Sign In"
      body={() => ({ email: email.trim(), password })}
      validate={() => (!email.trim() || !password ? 'Enter your email and password.' : null)}
      switchText="New to SwingFit?"
      switchLink="/sign-up"
      switchLabel="Create an account"
    >
      {redirectError && (
        <p className="sf-alert sf-alert--info" role="status">
          {redirectError}
        </p>
      )}
      <Field label="Email">
        <Input type="email" autoComplete="email" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
      </Field>
      <Field label="Password">
        <Input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
      </Field>
    </AuthForm>
  );
}
