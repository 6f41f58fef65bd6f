// The access screen at /login (product-spec.md section 2): login, the code step, the OTP setup,
// the contact request, forgot password and reset password, with a way home, a live clock, the
// weather and, on wide screens, the marketing panel with its quote.
import { useEffect, useEffectEvent, useState } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../../lib/session/session-context';
import { useHydrated } from '../../lib/hydration';
import { useLinkToken } from '../../lib/use-link-token';
import { AccessLayout } from './components/access-layout';
import { ContactRequestForm } from './components/contact-request-form';
import { ForgotPasswordForm } from './components/forgot-password-form';
import { LoginForm } from './components/login-form';
import { MarketingPanel } from './components/marketing-panel';
import { OtpCodeForm } from './components/otp-code-form';
import { OtpSetup } from './components/otp-setup';
import { ResetPasswordForm } from './components/reset-password-form';
import { WeatherWidget } from './components/weather-widget';
import { claimAutoLogin, loadRememberedLogin } from './remember-me';
import { useLoginFlow } from './use-login-flow';
import './auth.css';

/** The spec's pause before the remembered login submits itself, so the user sees who is logging in. */
const AUTO_LOGIN_DELAY_MS = 500;

type Screen = 'login' | 'contact' | 'forgot' | 'reset';

/** Other screens may open this one on a given mode, e.g. the expired-link page on 'forgot'. */
export interface AccessScreenState {
  mode?: 'forgot';
}

export function AccessScreen() {
  const resetToken = useLinkToken();
  const location = useLocation();
  const openOnForgot = (location.state as AccessScreenState | null)?.mode === 'forgot';
  const [screen, setScreen] = useState<Screen>(resetToken ? 'reset' : openOnForgot ? 'forgot' : 'login');
  const flow = useLoginFlow();
  const { loggedOut } = useSession();
  // Drawn at build time, the screen shows before its scripts: a tap on the toggle would be lost.
  const hydrated = useHydrated();

  const prefill = useEffectEvent(flow.prefillRemembered);
  const autoLogin = useEffectEvent(flow.submitRemembered);
  useEffect(() => {
    // Logging the user back in right after they logged out would make the button useless.
    if (resetToken || openOnForgot || loggedOut) return;
    const remembered = loadRememberedLogin();
    if (!remembered) return;
    prefill(remembered);
    const timer = setTimeout(() => {
      if (claimAutoLogin()) autoLogin(remembered);
    }, AUTO_LOGIN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [resetToken, openOnForgot, loggedOut]);

  const leaveReset = () => setScreen('login');

  // The toggle between login and contact shows only where either form is on screen.
  const onCredentials = screen === 'login' && flow.step === 'credentials';
  const toggle =
    screen === 'contact' || onCredentials ? (
      <p className="access-toggle">
        <button
          type="button"
          className="access-toggle__button"
          disabled={!hydrated}
          onClick={() => setScreen(onCredentials ? 'contact' : 'login')}
        >
          {onCredentials ? (
            <>
              Not a customer? <strong>Contact us</strong>
            </>
          ) : (
            <>
              Already have an account? <strong>Login</strong>
            </>
          )}
        </button>
      </p>
    ) : null;

  return (
    <AccessLayout
      homeLabel="Back to Home"
      withClock
      aside={<MarketingPanel />}
      tools={<WeatherWidget />}
      footer={toggle}
    >
      {screen === 'reset' && resetToken ? (
        <ResetPasswordForm token={resetToken} onDone={leaveReset} />
      ) : screen === 'contact' ? (
        <ContactRequestForm />
      ) : screen === 'forgot' ? (
        <ForgotPasswordForm
          defaultUsername={flow.form.getValues('username')}
          onBack={() => setScreen('login')}
        />
      ) : flow.step === 'otp-setup' && flow.pendingJwt ? (
        <OtpSetup
          pendingJwt={flow.pendingJwt}
          required={flow.otpSetupRequired}
          onDone={flow.finishOtpSetup}
        />
      ) : flow.step === 'otp-code' ? (
        <OtpCodeForm
          username={flow.username}
          onSubmit={flow.submitCode}
          busy={flow.busy}
          onNotMe={flow.notMe}
        />
      ) : (
        <LoginForm
          form={flow.form}
          onSubmit={flow.submitCredentials}
          busy={flow.busy}
          onForgotPassword={() => setScreen('forgot')}
        />
      )}
    </AccessLayout>
  );
}
