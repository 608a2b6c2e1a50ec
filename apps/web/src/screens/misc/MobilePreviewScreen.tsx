import { useNavigate } from 'react-router';
import { WelcomeScreen } from '../welcome/WelcomeScreen';

/** The welcome screen as a preview: Get Started stays in the app (/home) instead of starting a login. */
export function MobilePreviewScreen() {
  const navigate = useNavigate();
  return <WelcomeScreen onGetStarted={() => navigate('/home')} />;
}
