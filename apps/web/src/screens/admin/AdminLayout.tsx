import { useEffect, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Activity, Download, LogOut, Shield, Users } from 'lucide-react';
import type { AdminSession } from '@swingfit/contracts';
import { apiRequest } from '../../api/client';
import { Button, ErrorState, FullScreenSpinner, toast } from '../../components/ui';
import { Logo } from '../../shell/Logo';
import { ADMIN_LOGIN_PATH, ADMIN_SESSION_KEY, isAdminAuthError, useAdminAuthRedirect } from './api';
import './admin.css';

const NAV = [
  { to: '/admin', label: 'Users', icon: Users, end: true },
  { to: '/admin/system', label: 'System', icon: Activity, end: false },
  { to: '/admin/downloads', label: 'Downloads', icon: Download, end: false },
] as const;

function AdminHeader() {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const signOut = async () => {
    setLeaving(true);
    try {
      await apiRequest('POST', '/api/admin/logout');
      toast({ title: 'Signed Out', description: 'You have left the admin panel.' });
      navigate(ADMIN_LOGIN_PATH, { replace: true });
    } catch {
      toast({ title: 'Sign Out Failed', description: 'Please try again.', variant: 'destructive' });
      setLeaving(false);
    }
  };
  return (
    <header className="ad-header">
      <div className="ad-header__brand">
        <span className="sf-logo">
          <Logo />
        </span>
        <span className="ad-header__tag">
          <Shield size={13} aria-hidden /> Admin
        </span>
      </div>
      <Button variant="ghost" size="sm" onClick={signOut} loading={leaving} aria-label="Sign out of the admin panel">
        {!leaving && <LogOut size={16} aria-hidden />}
        Sign out
      </Button>
      <nav className="ad-nav" aria-label="Admin sections">
        {NAV.map(({ to, label, icon: Icon, end }) => (
          <NavLink key={to} to={to} end={end} className={({ isActive }) => `ad-nav__link${isActive ? ' ad-nav__link--active' : ''}`}>
            <Icon size={16} aria-hidden />
            {label}
          </NavLink>
        ))}
      </nav>
    </header>
  );
}

/**
 * The guard and frame of every admin page (/admin, /admin/system, /admin/downloads): the admin
 * session is checked first ('Authenticating...'), a 401/403 from it or from any later admin call
 * sends the browser to /admin-login, and the pages share one header with the sections and sign-out.
 */
export function AdminLayout() {
  useAdminAuthRedirect();
  const { pathname } = useLocation();
  const session = useQuery<AdminSession>({ queryKey: ADMIN_SESSION_KEY, retry: false, staleTime: 60_000 });
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  if (session.isPending) return <FullScreenSpinner text="Authenticating..." />;
  if (session.isError) {
    if (isAdminAuthError(session.error)) return <Navigate to={ADMIN_LOGIN_PATH} replace />;
    return (
      <div className="sf-center-screen">
        <ErrorState title="Failed to authenticate. Please try again." onRetry={() => void session.refetch()} />
      </div>
    );
  }
  return (
    <div className="ad-page">
      <AdminHeader />
      <main className="ad-main">
        <Outlet />
      </main>
    </div>
  );
}
