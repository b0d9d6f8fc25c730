import { SplashScreen } from '@/shared/components/splash-screen';

/** SPEC §2: /callback shows only the splash screen. */
export function CallbackPage() {
  return <SplashScreen />;
}
