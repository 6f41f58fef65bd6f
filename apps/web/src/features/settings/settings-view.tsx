// The Settings view (product-spec.md section 2): cards for the password, the 2FA and the app's
// build; the first two open their sub-screen in place of the cards. Admins also have the 'Upload
// Dati 1m' and 'Upload Dati 1d' cards, which open the upload dialog the app hands in (the upload
// is its own feature).
import type { OtpStatus, Timeframe } from '@platform/contracts';
import { useEffect, useId, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useSession } from '../../lib/session/session-context';
import { BUILD_INFO } from './build-info';
import { ChangePasswordForm } from './components/change-password-form';
import { DisableTwoFactor } from './components/disable-two-factor';
import { EnableTwoFactor } from './components/enable-two-factor';
import { LogoutEverywhere } from './components/logout-everywhere';
import './settings.css';

type Screen = 'cards' | 'password' | 'two-factor';

export interface UploadDialogProps {
  open: boolean;
  type: Timeframe | undefined;
  onClose: () => void;
}

interface SettingsViewProps {
  /** The historical-data upload dialog, for the admin cards. */
  UploadDialog?: ComponentType<UploadDialogProps>;
}

export function SettingsView({ UploadDialog }: SettingsViewProps) {
  const { user } = useSession();
  const [screen, setScreen] = useState<Screen>('cards');
  const [upload, setUpload] = useState<Timeframe | null>(null);
  const canUpload = user?.role === 'admin' && UploadDialog !== undefined;
  /** The 2FA sub-screen keeps the mode it opened with while the session catches up with the change. */
  const [twoFactorMode, setTwoFactorMode] = useState<'enable' | 'disable'>('enable');
  const otpStatus: OtpStatus = user?.otp.status ?? 'not-configured';
  const backToCards = () => setScreen('cards');

  switch (screen) {
    case 'password':
      return (
        <SubScreen title="Cambia Password" onBack={backToCards}>
          <ChangePasswordForm otpRequired={otpStatus === 'enabled'} onDone={backToCards} />
        </SubScreen>
      );
    case 'two-factor':
      return (
        <SubScreen title="Autenticazione 2FA" onBack={backToCards}>
          {twoFactorMode === 'disable' ? (
            <DisableTwoFactor onDone={backToCards} />
          ) : (
            <EnableTwoFactor onDone={backToCards} />
          )}
        </SubScreen>
      );
    case 'cards':
      return (
        <>
          <div className="settings-cards">
            <SettingsCard
              title="Cambia Password"
              text="Aggiorna la password con cui accedi alla piattaforma."
              onOpen={() => setScreen('password')}
              icon={<path d="M7 11V8a5 5 0 0 1 10 0v3M5 11h14v10H5zM12 15v2" />}
            />
            <SettingsCard
              title="Autenticazione 2FA"
              text={
                otpStatus === 'enabled'
                  ? 'Attiva: ogni accesso chiede un codice.'
                  : 'Non attiva: proteggi l’accesso con un codice.'
              }
              badge={otpStatus === 'enabled' ? 'Attiva' : 'Non attiva'}
              badgeOn={otpStatus === 'enabled'}
              onOpen={() => {
                setTwoFactorMode(otpStatus === 'enabled' ? 'disable' : 'enable');
                setScreen('two-factor');
              }}
              icon={<path d="M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6zM9 12l2 2 4-4" />}
            />
            <AppInfoCard />
            {canUpload && (
              <>
                <SettingsCard
                  title="Upload Dati 1m"
                  text="Carica le barre a 1 minuto di un mercato, per l’analisi ad alta frequenza."
                  onOpen={() => setUpload('1m')}
                  icon={<path d="M12 15V4M7 9l5-5 5 5M4 15v5h16v-5" />}
                />
                <SettingsCard
                  title="Upload Dati 1d"
                  text="Carica le barre giornaliere di un mercato, per l’analisi di lungo periodo."
                  onOpen={() => setUpload('1d')}
                  icon={<path d="M12 15V4M7 9l5-5 5 5M4 15v5h16v-5" />}
                />
              </>
            )}
          </div>
          <LogoutEverywhere />
          {canUpload && (
            <UploadDialog open={upload !== null} type={upload ?? undefined} onClose={() => setUpload(null)} />
          )}
        </>
      );
  }
}

interface SettingsCardProps {
  title: string;
  text: string;
  icon: ReactNode;
  badge?: string;
  badgeOn?: boolean;
  onOpen: () => void;
}

function SettingsCard({ title, text, icon, badge, badgeOn, onOpen }: SettingsCardProps) {
  return (
    <button type="button" className="settings-card settings-card--action" onClick={onOpen}>
      <CardIcon>{icon}</CardIcon>
      <span className="settings-card__title">{title}</span>
      <span className="settings-card__text">{text}</span>
      {badge && (
        <span className={badgeOn ? 'settings-badge settings-badge--on' : 'settings-badge'}>{badge}</span>
      )}
    </button>
  );
}

function AppInfoCard() {
  const titleId = useId();
  return (
    <section className="settings-card" aria-labelledby={titleId}>
      <CardIcon>
        <>
          <circle cx="12" cy="12" r="9" />
          <path d="M12 11v5M12 7.5v.5" />
        </>
      </CardIcon>
      <h2 id={titleId} className="settings-card__title">
        Informazioni App
      </h2>
      <dl className="settings-card__facts">
        <dt>Versione build</dt>
        <dd>{BUILD_INFO.version}</dd>
        <dt>Data</dt>
        <dd>{BUILD_INFO.date}</dd>
      </dl>
    </section>
  );
}

function CardIcon({ children }: { children: ReactNode }) {
  return (
    <span className="settings-card__icon" aria-hidden="true">
      <svg
        viewBox="0 0 24 24"
        width="24"
        height="24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {children}
      </svg>
    </span>
  );
}

function SubScreen({ title, onBack, children }: { title: string; onBack: () => void; children: ReactNode }) {
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The button that opened the sub-screen is gone: focus goes to where the new content starts.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <section className="card settings-screen" aria-labelledby={titleId}>
      <header className="settings-screen__header">
        <button
          type="button"
          className="settings-screen__back"
          onClick={onBack}
          aria-label="Torna alle impostazioni"
        >
          <svg
            viewBox="0 0 24 24"
            width="20"
            height="20"
            aria-hidden="true"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M15 5l-7 7 7 7" />
          </svg>
        </button>
        <h2 id={titleId} ref={headingRef} tabIndex={-1} className="settings-screen__title">
          {title}
        </h2>
      </header>
      {children}
    </section>
  );
}
