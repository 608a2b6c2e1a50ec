import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import type { User } from '@swingfit/contracts';
import { Header } from './Header';
import { TabBar } from './TabBar';

/** Signed-in frame: fixed header, the routed screen, fixed tab bar; each navigation starts at the top. */
export function Shell({ user }: { user: User }) {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <>
      <Header user={user} />
      <main className="sf-main">
        <Outlet />
      </main>
      <TabBar />
    </>
  );
}
