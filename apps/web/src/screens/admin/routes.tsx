import { Route } from 'react-router';
import { AdminLayout } from './AdminLayout';
import { AdminLoginScreen } from './AdminLoginScreen';
import { AdminSystemScreen } from './AdminSystemScreen';
import { AdminUsersScreen } from './AdminUsersScreen';
import { AdminDownloadsScreen } from './downloads/AdminDownloadsScreen';

/** The admin area's routes: the sign-in page, and every admin page inside the guard and frame of AdminLayout. */
export function adminRoutes() {
  return (
    <>
      <Route path="/admin-login" element={<AdminLoginScreen />} />
      <Route element={<AdminLayout />}>
        <Route path="/admin" element={<AdminUsersScreen />} />
        <Route path="/admin/system" element={<AdminSystemScreen />} />
        <Route path="/admin/downloads" element={<AdminDownloadsScreen />} />
      </Route>
    </>
  );
}
