import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import type { User } from '@swingfit/contracts';
import { Header } from './Header';
import { TabBar } from './TabBar';

/** Signed-in frame: fixed header, the routed screen, fixed tab bar; each navigation starts at the top. */
export function Shell({ user }: { user: User }) {
  const { pathname, hash } = useLocation();
  // A new screen opens at its top; one opened at a section (#id) is scrolled there by the screen itself,
  // and this parent effect, which runs after the screen's, must not undo it.
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
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
