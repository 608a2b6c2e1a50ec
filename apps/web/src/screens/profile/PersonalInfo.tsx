import { useState, type FormEvent, type RefObject } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil, UserRound } from 'lucide-react';
import { EMAIL_TAKEN, HANDICAP_RANGE, userPatchProblems, type User, type UserPatch, type UserPatchProblems } from '@swingfit/contracts';
import { ApiError, apiRequest } from '../../api/client';
import { AUTH_USER_KEY } from '../../hooks/useAuth';
import { useFocusFirstProblem } from '../../hooks/useFocusFirstProblem';
import { fieldErrors, sentence } from '../../lib/errors';
import { Button, Card, CardHeader, DetailList, Field, Input, toast } from '../../components/ui';

type Draft = { firstName: string; lastName: string; email: string; handicap: string; city: string; state: string };

function draftOf(user: User): Draft {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email,
    handicap: user.handicap === null ? '' : String(user.handicap),
    city: user.city ?? '',
    state: user.state ?? '',
  };
}

/**
 * Empty optional fields are cleared (null). A name is sent as typed, blank included: a name cannot be
 * blank, so the shared check says so under the field. Leaving a cleared name out saved the rest and said
 * 'Profile Updated' while the name the golfer had just erased stayed.
 */
export function patchOf(d: Draft): UserPatch {
  const handicap = d.handicap.trim() === '' ? null : Number(d.handicap);
  return {
    firstName: d.firstName.trim(),
    lastName: d.lastName.trim(),
    email: d.email.trim(),
    handicap: handicap === null || Number.isNaN(handicap) ? null : Math.round(handicap * 10) / 10,
    city: d.city.trim() || null,
    state: d.state.trim() || null,
  };
}

/**
 * Only what the golfer changed since opening the form: the profile open in another tab (or changed
 * there meanwhile) keeps what it saved for the fields this form left alone.
 */
export function changedPatch(before: UserPatch, after: UserPatch): UserPatch {
  return Object.fromEntries(Object.entries(after).filter(([key, value]) => before[key as keyof UserPatch] !== value)) as UserPatch;
}

export function PersonalInfo({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(user));
  const [opened, setOpened] = useState<Draft>(() => draftOf(user));
  const [problems, setProblems] = useState<UserPatchProblems>({});
  // Each refusal takes focus to the first field marked: the keyboard stayed on Save, and a screen reader
  // heard nothing of the message under a field above it (with a cleared name, one scrolled off the top).
  const focus = useFocusFirstProblem();
  const incomplete = !user.firstName || !user.lastName || user.handicap === null || !user.city || !user.state;

  const save = useMutation({
    mutationFn: (patch: UserPatch) => apiRequest<User>('PATCH', `/api/users/${user.id}`, patch),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [`/api/users/${user.id}`] }),
        queryClient.invalidateQueries({ queryKey: AUTH_USER_KEY }),
      ]);
      setEditing(false);
      toast({ title: 'Profile Updated', description: 'Your changes have been saved.' });
    },
    onError: (err) => {
      // The spec's toast stays; the 400's field errors (if any) say under each field what to change.
      setProblems(err instanceof ApiError && err.serverMessage === EMAIL_TAKEN ? { email: EMAIL_TAKEN } : fieldErrors(err));
      focus.refused();
      toast({ title: 'Update Failed', description: 'Failed to update profile. Please try again.', variant: 'destructive' });
    },
  });

  const set = (key: keyof Draft) => (e: { target: { value: string } }) => {
    setDraft((d) => ({ ...d, [key]: e.target.value }));
    setProblems(({ [key]: _fixed, ...rest }) => rest);
  };
  const startEdit = () => {
    setDraft(draftOf(user));
    setOpened(draftOf(user));
    setProblems({});
    setEditing(true);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const patch = changedPatch(patchOf(opened), patchOf(draft));
    // The schema the server validates with, checked first: a patch it would refuse is never sent.
    const found = userPatchProblems(patch);
    setProblems(found);
    if (Object.keys(found).length === 0) save.mutate(patch);
    else focus.refused();
  };

  const rows: Array<[string, string]> = [
    ['Name', [user.firstName, user.lastName].filter(Boolean).join(' ') || '—'],
    ['Email', user.email],
    ['Handicap', user.handicap === null ? '—' : String(user.handicap)],
    ['Location', [user.city, user.state].filter(Boolean).join(', ') || '—'],
  ];

  return (
    <Card>
      <CardHeader
        icon={<UserRound size={18} color="var(--sf-green-600)" aria-hidden />}
        title="Personal Information"
        action={
          !editing && (
            <Button size="sm" variant={incomplete ? 'primary' : 'outline'} onClick={startEdit}>
              <Pencil size={14} /> {incomplete ? 'Complete Profile' : 'Edit'}
            </Button>
          )
        }
      />
      {editing ? (
        <PersonalInfoForm draft={draft} problems={problems} formRef={focus.ref} set={set} saving={save.isPending} onCancel={() => setEditing(false)} onSubmit={submit} />
      ) : (
        <DetailList rows={rows.map(([label, value]) => ({ label, value }))} />
      )}
    </Card>
  );
}

type FieldSetter = (key: keyof Draft) => (e: { target: { value: string } }) => void;


type FormProps = { draft: Draft; problems: UserPatchProblems; formRef: RefObject<HTMLFormElement | null>; set: FieldSetter; saving: boolean; onCancel: () => void; onSubmit: (e: FormEvent) => void };

/**
 * The edit form: Save returns to the view on success, Cancel discards the draft. noValidate: the
 * browser's own bubbles would differ from the server's rules; the shared check speaks instead.
 */
function PersonalInfoForm({ draft, problems, formRef, set, saving, onCancel, onSubmit }: FormProps) {
  const error = (field: keyof Draft) => problems[field] && sentence(problems[field]);
  return (
    <form ref={formRef} className="sf-stack" style={{ gap: 12 }} onSubmit={onSubmit} noValidate>
      <div className="sf-grid-2">
        <Field label="First name" error={error('firstName')}>
          <Input value={draft.firstName} onChange={set('firstName')} autoComplete="given-name" />
        </Field>
        <Field label="Last name" error={error('lastName')}>
          <Input value={draft.lastName} onChange={set('lastName')} autoComplete="family-name" />
        </Field>
      </div>
      <Field label="Email" error={error('email')}>
        <Input type="email" value={draft.email} onChange={set('email')} autoComplete="email" required />
      </Field>
      <Field label="Handicap" error={error('handicap')}>
        <Input type="number" step={0.1} min={HANDICAP_RANGE.min} max={HANDICAP_RANGE.max} inputMode="decimal" value={draft.handicap} onChange={set('handicap')} />
      </Field>
      <div className="sf-grid-2">
        <Field label="City" error={error('city')}>
          <Input value={draft.city} onChange={set('city')} autoComplete="address-level2" />
        </Field>
        <Field label="State" error={error('state')}>
          <Input value={draft.state} onChange={set('state')} autoComplete="address-level1" />
        </Field>
      </div>
      <div className="sf-grid-2">
        <Button variant="outline" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          Save
        </Button>
      </div>
    </form>
  );
}
