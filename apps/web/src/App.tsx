import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from './api/queryClient';
import { useAuth } from './hooks/useAuth';
import { ErrorState, FullScreenSpinner, Toaster } from './components/ui';
import { Shell } from './shell/Shell';
import { Landing } from './screens/welcome/Landing';
import { SignInScreen } from './screens/auth/SignInScreen';
import { SignUpScreen } from './screens/auth/SignUpScreen';
import { HomeScreen } from './screens/home/HomeScreen';
import { ProfileScreen } from './screens/profile/ProfileScreen';
import { NotFoundScreen } from './screens/misc/NotFoundScreen';
import { MobilePreviewScreen } from './screens/misc/MobilePreviewScreen';
import { SubscribeScreen } from './screens/subscribe/SubscribeScreen';
import { PaymentSuccessScreen } from './screens/subscribe/PaymentSuccessScreen';
import { AnalysisDetailScreen, AnalysisListScreen, AnalysisLoadingScreen, UploadScreen } from './screens/analysis/routes';
import { DailyWorkoutScreen } from './screens/workout/DailyWorkoutScreen';
import { ExerciseLibraryScreen } from './screens/exercises/ExerciseLibraryScreen';
import { adminRoutes } from './screens/admin/routes';
import { HowPointsWorkScreen } from './screens/points/HowPointsWorkScreen';
import { LeaderboardScreen } from './screens/points/LeaderboardScreen';

/**
 * Signed-in area: 'Authenticating...' while the user loads; signed-out visitors get the landing at / and are
 * sent there elsewhere. A user fetch that failed (not a 401) keeps the golfer where they are with a retry:
 * sending them to the landing would read as being signed out, and a retry would then land them on /.
 */
function SignedInArea() {
  const { user, isLoading, failed, refetch } = useAuth();
  const { pathname } = useLocation();
  if (isLoading) return <FullScreenSpinner text="Authenticating..." />;
  if (failed) {
    return (
      <div className="sf-center-screen">
        <ErrorState title="Failed to fetch user data" text="Check your connection and try again." onRetry={() => void refetch()} />
      </div>
    );
  }
  if (!user) return pathname === '/' ? <Landing /> : <Navigate to="/" replace />;
  return <Shell user={user} />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/sign-in" element={<SignInScreen />} />
      <Route path="/sign-up" element={<SignUpScreen />} />
      <Route path="/mobile-preview" element={<MobilePreviewScreen />} />
      <Route path="/home" element={<Navigate to="/" replace />} />
      {adminRoutes()}
      <Route element={<SignedInArea />}>
        <Route index element={<HomeScreen />} />
        <Route path="/profile" element={<ProfileScreen />} />
        <Route path="/analysis" element={<AnalysisListScreen />} />
        <Route path="/analysis/:id" element={<AnalysisDetailScreen />} />
        <Route path="/analysis-loading/:id" element={<AnalysisLoadingScreen />} />
        {/* Section 2: without an id the loading screen sends the golfer to /upload (':id' alone never matches it). */}
        <Route path="/analysis-loading" element={<AnalysisLoadingScreen />} />
        <Route path="/upload" element={<UploadScreen />} />
        <Route path="/daily-workout" element={<DailyWorkoutScreen />} />
        <Route path="/exercises" element={<ExerciseLibraryScreen />} />
        <Route path="/subscribe" element={<SubscribeScreen />} />
        <Route path="/payment-success" element={<PaymentSuccessScreen />} />
        <Route path="/leaderboard" element={<LeaderboardScreen />} />
        <Route path="/how-points-work" element={<HowPointsWorkScreen />} />
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
