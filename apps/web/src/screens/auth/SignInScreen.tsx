import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { INVALID_CREDENTIALS } from '@swingfit/contracts';
import { ApiError } from '../../api/client';
import { Field, Input } from '../../components/ui';
import { AuthForm, type FieldProblems } from './AuthForm';
import { EMAIL_PROBLEM, emailLooksValid } from './email';

/** Why the gateway's single sign-on sent the browser back here (GET /api/login and its callback). */
const REDIRECT_ERRORS: Record<string, string> = {
  provider_unavailable: 'Single sign-on is unavailable right now. Sign in with your email and password instead.',
  sign_in_failed: "Sign-in didn't complete. Please try again.",
};

/**
 * A refused sign-in is said at the password, the field the golfer retypes: the server's words name both
 * ('Invalid email or password') and, on purpose, not which one was wrong.
 */
function signInProblems(err: unknown): FieldProblems {
  return err instanceof ApiError && err.status === 401 ? { password: err.serverMessage ?? INVALID_CREDENTIALS } : {};
}

export function SignInScreen() {
  const [params] = useSearchParams();
  const redirectError = REDIRECT_ERRORS[params.get('error') ?? ''];
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const validate = () => {
    const problems: FieldProblems = {};
    if (!email.trim()) problems.email = 'Enter your email.';
    else if (!emailLooksValid(email)) problems.email = EMAIL_PROBLEM;
    if (!password) problems.password = 'Enter your password.';
    return problems;
  };
  return (
    <AuthForm
      title="Sign in"
      subtitle="Welcome back. Pick up where you left off."
      endpoint="/api/auth/login"
      submitLabel="Sign In"
      body={() => ({ email: email.trim(), password })}
      validate={validate}
      serverProblems={signInProblems}
      switchText="New to SwingFit?"
      switchLink="/sign-up"
      switchLabel="Create an account"
    >
      {(problems) => (
        <>
          {redirectError && (
            <p className="sf-alert sf-alert--info" role="status">
              {redirectError}
            </p>
          )}
          <Field label="Email" error={problems.email}>
            <Input name="email" type="email" autoComplete="email" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
          </Field>
          <Field label="Password" error={problems.password}>
            <Input name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} required />
          </Field>
        </>
      )}
    </AuthForm>
  );
}
