import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../api/client';
import { AUTH_USER_KEY } from '../../hooks/useAuth';
import { errorText, fieldErrors, sentence } from '../../lib/errors';
import { useFocusFirstProblem } from '../../hooks/useFocusFirstProblem';
import { Button } from '../../components/ui';
import { Logo } from '../../shell/Logo';

/** A form's refusals by the `name` of the input they concern. */
export type FieldProblems = Record<string, string>;

/**
 * Shared frame of the sign-in and sign-up forms: posts the body, goes home on success. A refusal is said
 * under the field it concerns (linked to it, focus moved there); only a failure no field explains (the
 * server down, the connection lost) is said once above the button.
 */
export function AuthForm({
  title,
  subtitle,
  endpoint,
  submitLabel,
  body,
  validate,
  serverProblems,
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
  /** The form's own checks, field by field; empty when it may be sent. */
  validate: () => FieldProblems;
  /** The fields a refusing server answer concerns (a 400's schema errors are read here already). */
  serverProblems?: (err: unknown) => FieldProblems;
  switchText: string;
  switchLink: string;
  switchLabel: string;
  children: (problems: FieldProblems) => ReactNode;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [pending, setPending] = useState(false);
  const focus = useFocusFirstProblem();

  const refuse = (found: FieldProblems) => {
    setProblems(found);
    if (Object.keys(found).length > 0) focus.refused();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const found = validate();
    refuse(found);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      await apiRequest('POST', endpoint, body());
      // refetchType 'all' also reloads the (inactive) user query, so / opens signed in without a welcome flash.
      await queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY, refetchType: 'all' });
      navigate('/', { replace: true });
    } catch (err) {
      const schema = Object.fromEntries(Object.entries(fieldErrors(err)).map(([field, problem]) => [field, sentence(problem)]));
      // Only problems of fields on this form: one about a field it lacks would mark nothing and say nothing.
      const found = Object.fromEntries(Object.entries({ ...schema, ...serverProblems?.(err) }).filter(([name]) => focus.ref.current?.elements.namedItem(name)));
      refuse(found);
      if (Object.keys(found).length === 0) setError(errorText(err));
    } finally {
      setPending(false);
    }
  };

  const clear = (name: string) => setProblems(({ [name]: _fixed, ...rest }) => rest);

  return (
    <div className="sf-auth">
      <Link to="/" className="sf-logo">
        <Logo />
      </Link>
      <div className="sf-auth__head">
        <h1 className="sf-auth__title">{title}</h1>
        <p className="sf-muted">{subtitle}</p>
      </div>
      {/* A field's mark goes once the golfer changes that field (each input carries its problem's name). */}
      <form ref={focus.ref} onSubmit={submit} onChange={(e) => clear((e.target as EventTarget as HTMLInputElement).name)} noValidate>
        {children(problems)}
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
