import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './api/queryClient';
import { useAuth } from './hooks/useAuth';
import { FullScreenSpinner, Toaster } from './components/ui';
import { Shell } from './shell/Shell';
import { Landing } from './screens/welcome/Landing';
import { SignInScreen } from './screens/auth/SignInScreen';
import { SignUpScreen } from './screens/auth/SignUpScreen';
import { HomeScreen } from './screens/home/HomeScreen';
import { ProfileScreen } from './screens/profile/ProfileScreen';
import { NotFoundScreen } from './screens/misc/NotFoundScreen';
import { ComingSoonScreen } from './screens/misc/ComingSoonScreen';
import { MobilePreviewScreen } from './screens/misc/MobilePreviewScreen';
import { AnalysisDetailScreen, AnalysisListScreen, AnalysisLoadingScreen, UploadScreen } from './screens/analysis/routes';

/** Signed-in area: 'Authenticating...' while the user loads; signed-out visitors get the landing at / and are sent there elsewhere. */
function SignedInArea() {
  const { user, isLoading } = useAuth();
  const { pathname } = useLocation();
  if (isLoading) return <FullScreenSpinner text="Authenticating..." />;
  if (!user) return pathname === '/' ? <Landing /> : <Navigate to="/" replace />;
  return <Shell user={user} />;
}

const SIGNED_IN_PLACEHOLDERS: Array<[path: string, title: string]> = [
  ['/leaderboard', 'Leaderboard'],
  ['/daily-workout', "Today's Workout"],
  ['/exercises', 'Exercise Library'],
  ['/how-points-work', 'How Points Work'],
  ['/subscribe', 'Go Premium'],
  ['/payment-success', 'Payment Successful'],
];

const ADMIN_PLACEHOLDERS: Array<[path: string, title: string]> = [
  ['/admin', 'Admin Panel'],
  ['/admin-login', 'Admin Login'],
  ['/admin/downloads', 'Admin Downloads'],
];

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/sign-in" element={<SignInScreen />} />
      <Route path="/sign-up" element={<SignUpScreen />} />
      <Route path="/mobile-preview" element={<MobilePreviewScreen />} />
      <Route path="/home" element={<Navigate to="/" replace />} />
      {ADMIN_PLACEHOLDERS.map(([path, title]) => (
        <Route key={path} path={path} element={<ComingSoonScreen title={title} standalone />} />
      ))}
      <Route element={<SignedInArea />}>
        <Route index element={<HomeScreen />} />
        <Route path="/profile" element={<ProfileScreen />} />
        <Route path="/analysis" element={<AnalysisListScreen />} />
        <Route path="/analysis/:id" element={<AnalysisDetailScreen />} />
        <Route path="/analysis-loading/:id" element={<AnalysisLoadingScreen />} />
        <Route path="/upload" element={<UploadScreen />} />
        {SIGNED_IN_PLACEHOLDERS.map(([path, title]) => (
          <Route key={path} path={path} element={<ComingSoonScreen title={title} />} />
        ))}
      </Route>
      <Route path="*" element={<NotFoundScreen />} />
    </Routes>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <Toaster />
    </QueryClientProvider>
  );
}
