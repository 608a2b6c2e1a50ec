import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, LogOut, UserRound } from 'lucide-react';
import type { User } from '@swingfit/contracts';
import { apiRequest } from '../../api/client';
import { AUTH_USER_KEY, useAuth } from '../../hooks/useAuth';
import { Button, Card, CardHeader, ErrorState, Spinner, toast } from '../../components/ui';
import { PersonalInfo } from './PersonalInfo';
import { ChangePasswordDialog } from './ChangePasswordDialog';
import { SubscriptionSection } from './SubscriptionSection';
import { AccountDetails, PaymentInformation } from './AccountSections';

export function ProfileScreen() {
  const { user: authUser } = useAuth();
  const userId = authUser?.id;
  const profile = useQuery<User>({ queryKey: [`/api/users/${userId}`], enabled: userId !== undefined });

  if (profile.isLoading) {
    return (
      <div className="sf-state">
        <Spinner label="Loading profile" />
      </div>
    );
  }
  if (!profile.data) return <ErrorState title="User Not Found" text="Unable to load user profile." onRetry={() => profile.refetch()} />;
  return <Profile user={profile.data} />;
}

/**
 * An upgrade prompt opens the profile at its Subscription card (lib/routes PROFILE_UPGRADE): below
 * Personal Information it starts under the fold of a phone's screen, so the page is scrolled to it.
 */
function useOpenAtSection(): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash.length > 1) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [hash]);
}

function Profile({ user }: { user: User }) {
  const navigate = useNavigate();
  useOpenAtSection();
  const queryClient = useQueryClient();
  const [passwordOpen, setPasswordOpen] = useState(false);

  const logout = useMutation({
    mutationFn: () => apiRequest('POST', '/api/logout'),
    onSuccess: () => {
      queryClient.setQueryData(AUTH_USER_KEY, null);
      toast({ title: 'Logged Out', description: 'You have been signed out.' });
      navigate('/', { replace: true });
      // Nothing of the previous user may linger in the cache for the next one.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== AUTH_USER_KEY[0] });
    },
    onError: () => toast({ title: 'Logout Failed', description: 'Please try again.', variant: 'destructive' }),
  });

  const changePassword = () => {
    if (user.authProvider === 'local') setPasswordOpen(true);
    else window.location.assign('/api/login');
  };

  return (
    <div className="sf-stack">
      <h1 className="sf-page-title">Profile</h1>

      <PersonalInfo user={user} />

      <SubscriptionSection user={user} />
      <AccountDetails user={user} />
      <PaymentInformation isPremium={user.isPremium} />

      <Card>
        <CardHeader icon={<UserRound size={18} color="var(--sf-green-600)" aria-hidden />} title="Security" />
        <div className="sf-stack" style={{ gap: 8 }}>
          <Button variant="outline" block onClick={changePassword}>
            <KeyRound size={16} /> Change Password
          </Button>
          <Button variant="destructive" block loading={logout.isPending} onClick={() => logout.mutate()}>
            <LogOut size={16} /> Log Out
          </Button>
        </div>
      </Card>

      <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
    </div>
  );
}
