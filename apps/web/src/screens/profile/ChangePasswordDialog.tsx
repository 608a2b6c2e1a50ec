import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { PASSWORD_MIN_LENGTH } from '@swingfit/contracts';
import { apiRequest } from '../../api/client';
import { errorText } from '../../lib/errors';
import { Button, Dialog, Field, Input, toast } from '../../components/ui';

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setCurrent('');
    setNext('');
    setProblem(null);
    onClose();
  };

  const change = useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/change-password', { currentPassword: current, newPassword: next }),
    onSuccess: () => {
      toast({ title: 'Password Changed', description: 'Your other sessions were signed out.' });
      close();
    },
    onError: (err) => setProblem(errorText(err)),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!current) return setProblem('Enter your current password.');
    if (next.length < PASSWORD_MIN_LENGTH) return setProblem(`New password must be at least ${PASSWORD_MIN_LENGTH} characters.`);
    setProblem(null);
    change.mutate();
  };

  return (
    <Dialog open={open} onClose={close} title="Change Password" description="Changing your password signs out your other sessions on every device.">
      <form className="sf-stack" style={{ gap: 12 }} onSubmit={submit} noValidate>
        <Field label="Current password">
          <Input type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
        </Field>
        <Field label="New password" hint={`At least ${PASSWORD_MIN_LENGTH} characters`}>
          <Input type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />
        </Field>
        {problem && (
          <p className="sf-alert" role="alert">
            {problem}
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
