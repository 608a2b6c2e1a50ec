import { useState } from 'react';
import { readFlag, setFlag, STORAGE_KEYS } from '../../lib/storage';
import { Onboarding } from './Onboarding';
import { WelcomeScreen } from './WelcomeScreen';

/** What a signed-out visitor sees at /: the onboarding once per device, then the welcome screen. */
export function Landing() {
  const [onboarded, setOnboarded] = useState(() => readFlag(STORAGE_KEYS.onboardingDone));
  if (!onboarded) {
    return (
      <Onboarding
        onDone={() => {
          setFlag(STORAGE_KEYS.onboardingDone);
          setOnboarded(true);
        }}
      />
    );
  }
  return <WelcomeScreen />;
}
