import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { AUTH_USER_KEY } from '../../hooks/useAuth';
import { errorText } from '../../lib/errors';
import { Button } from '../../components/ui';
import { Logo } from '../../shell/Logo';

/** Shared frame of the sign-in and sign-up forms: posts the body, shows the server's message, goes home on success. */
export function AuthForm({
  title,
  subtitle,
  endpoint,
  submitLabel,
  body,
  validate,
  switchText,
  switchLink,
  switchLabel,
  children,
}: {
  title: string;
  subtitle: string;
  endpoint: string;
  submitLabel: string;
  body: () => unknown;
  validate?: () => string | null;
  switchText: string;
  switchLink: string;
  switchLabel: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = validate?.() ?? null;
    setError(problem);
    if (problem) return;
    setPending(true);
    try {
      await apiRequest('POST', endpoint, body());
      // refetchType 'all' also reloads the (inactive) user query, so / opens signed in without a welcome flash.
      await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY, refetchType: 'all' });
      navigate('/', { replace: true });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className="sf-auth">
      <Link to="/" className="sf-logo">
        <Logo />
      </Link>
      <div className="sf-auth__head">
        <h1 className="sf-auth__title">{title}</h1>
        <p className="sf-muted">{subtitle}</p>
      </div>
      <form onSubmit={submit} noValidate>
        {children}
        {error && (
          <p className="sf-alert" role="alert">
            {error}
          </p>
        )}
        <Button type="submit" size="lg" block loading={pending}>
          {submitLabel}
        </Button>
      </form>
      <p className="sf-auth__switch">
        {switchText} <Link to={switchLink}>{switchLabel}</Link>
      </p>
    </div>
  );
}
