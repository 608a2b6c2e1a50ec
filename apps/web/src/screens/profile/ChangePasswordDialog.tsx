import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { PASSWORD_MIN_LENGTH } from '@swingfit/contracts';
import { ApiError, apiRequest } from '../../api/client';
import { errorText, fieldErrors, sentence } from '../../lib/errors';
import { useFocusFirstProblem } from '../../hooks/useFocusFirstProblem';
import { Button, Dialog, Field, Input, toast } from '../../components/ui';

type Problems = { currentPassword?: string; newPassword?: string };

/** The gateway's words for a wrong current password (a 400 without field errors). */
const WRONG_CURRENT = 'Current password is incorrect';

/** Which field a refused change concerns: the schema's own field errors, or the wrong current password. */
function serverProblems(err: unknown): Problems {
  const byField = fieldErrors(err);
  const found: Problems = {};
  if (byField.currentPassword) found.currentPassword = sentence(byField.currentPassword);
  if (byField.newPassword) found.newPassword = sentence(byField.newPassword);
  if (err instanceof ApiError && err.serverMessage === WRONG_CURRENT) found.currentPassword = WRONG_CURRENT;
  return found;
}

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  // A failure no field explains (the server down): said once above the buttons.
  const [failure, setFailure] = useState<string | null>(null);
  const focus = useFocusFirstProblem();

  const close = () => {
    setCurrent('');
    setNext('');
    setProblems({});
    setFailure(null);
    onClose();
  };

  const refuse = (found: Problems) => {
    setProblems(found);
    if (Object.keys(found).length > 0) focus.refused();
  };

  const change = useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/change-password', { currentPassword: current, newPassword: next }),
    onSuccess: () => {
      toast({ title: 'Password Changed', description: 'Your other sessions were signed out.' });
      close();
    },
    onError: (err) => {
      const found = serverProblems(err);
      refuse(found);
      if (Object.keys(found).length === 0) setFailure(errorText(err));
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const found: Problems = {};
    if (!current) found.currentPassword = 'Enter your current password.';
    if (next.length < PASSWORD_MIN_LENGTH) found.newPassword = `New password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
    refuse(found);
    if (Object.keys(found).length === 0) change.mutate();
  };

  // Typing in a field takes its problem away: the golfer is fixing it.
  const edit = (set: (value: string) => void, field: keyof Problems) => (e: ChangeEvent<HTMLInputElement>) => {
    set(e.target.value);
    setProblems(({ [field]: _fixed, ...rest }) => rest);
  };

  return (
    <Dialog open={open} onClose={close} title="Change Password" description="Changing your password signs out your other sessions on every device.">
      <form ref={focus.ref} className="sf-stack" style={{ gap: 12 }} onSubmit={submit} noValidate>
        <Field label="Current password" error={problems.currentPassword}>
          <Input type="password" autoComplete="current-password" value={current} onChange={edit(setCurrent, 'currentPassword')} />
        </Field>
        <Field label="New password" hint={`At least ${PASSWORD_MIN_LENGTH} characters`} error={problems.newPassword}>
          <Input type="password" autoComplete="new-password" value={next} onChange={edit(setNext, 'newPassword')} />
        </Field>
        {failure && (
          <p className="sf-alert" role="alert">
            {failure}
          </p>
        )}
        <div className="sf-grid-2">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={change.isPending}>
            Change
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
