import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff, Shield } from 'lucide-react';
import { INVALID_ADMIN_PASSWORD, type AdminSession } from '@swingfit/contracts';
import { ApiError, apiRequest } from '../../api/client';
import { Button, Input, buttonClass, toast } from '../../components/ui';
import { Logo } from '../../shell/Logo';
import { ADMIN_SESSION_KEY } from './api';
import './admin.css';

const FAILED = 'Failed to authenticate. Please try again.';

/** Specification section 8's two sign-in errors; a rate-limited attempt keeps the server's own "try again in" line. */
export function adminLoginError(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return INVALID_ADMIN_PASSWORD;
  if (error instanceof ApiError && error.status === 429 && error.serverMessage) return error.serverMessage;
  return FAILED;
}

/** /admin-login: the admin password (with show/hide), 'Access Admin Panel', then /admin. */
export function AdminLoginScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const fieldId = useId();
  const errorId = `${fieldId}-error`;
  const field = useRef<HTMLInputElement>(null);
  const login = useMutation({
    mutationFn: () => apiRequest<AdminSession>('POST', '/api/admin/login', { password }),
    onSuccess: (session) => {
      queryClient.setQueryData(ADMIN_SESSION_KEY, session);
      toast({ title: 'Access Granted', description: 'Welcome to the admin panel' });
      navigate('/admin', { replace: true });
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password && !login.isPending) login.mutate();
  };
  // A wrong password is the field's problem: marked, linked to its message and focused to retype, as every
  // form's refused field is. A server failure or a rate limit is not, and stays a message on its own.
  const wrongPassword = login.error instanceof ApiError && login.error.status === 401;
  useEffect(() => {
    if (wrongPassword) field.current?.focus();
  }, [wrongPassword]);

  return (
    <div className="sf-auth">
      <Link to="/" className="sf-logo">
        <Logo />
      </Link>
      <div className="sf-auth__head">
        <div className="ad-login__mark" aria-hidden>
          <Shield size={26} />
        </div>
        <h1 className="sf-auth__title">Admin Access</h1>
        <p className="sf-muted">Staff only. Enter the admin password to see users, usage and the system.</p>
      </div>
      <form onSubmit={submit} noValidate>
        <div className="sf-field">
          <label className="sf-field__label" htmlFor={fieldId}>
            Admin password
          </label>
          <div className="ad-password">
            <Input
              ref={field}
              id={fieldId}
              aria-invalid={wrongPassword || undefined}
              aria-describedby={wrongPassword ? errorId : undefined}
              type={shown ? 'text' : 'password'}
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                if (login.isError) login.reset();
              }}
              required
              autoFocus
            />
            <button type="button" className="sf-btn sf-btn--ghost sf-btn--icon ad-password__toggle" aria-label={shown ? 'Hide password' : 'Show password'} aria-pressed={shown} onClick={() => setShown((s) => !s)}>
              {shown ? <EyeOff size={18} /> : <Eye size={18} />}
            </button>
          </div>
        </div>
        {login.isError && (
          <p id={errorId} className="sf-alert" role="alert">
            {adminLoginError(login.error)}
          </p>
        )}
        <Button type="submit" size="lg" block disabled={!password} loading={login.isPending}>
          {login.isPending ? 'Authenticating...' : 'Access Admin Panel'}
        </Button>
      </form>
      <Link to="/" className={buttonClass('outline', 'md', true)}>
        Back to Home
      </Link>
    </div>
  );
}
