// The Settings view (product-spec.md section 2): cards for the password, the 2FA and the app's
// build; the first two open their sub-screen in place of the cards. Admins also have the 'Upload
// Dati 1m' and 'Upload Dati 1d' cards, which open the upload dialog the app hands in (the upload
// is its own feature).
import type { OtpStatus, Timeframe } from '@platform/contracts';
import { ChevronLeft, Info, Lock, ShieldCheck, Upload, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ComponentType, type ReactNode } from 'react';
import '../../components/components.css';
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
              icon={Lock}
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
              icon={ShieldCheck}
            />
            <AppInfoCard />
            {canUpload && (
              <>
                <SettingsCard
                  title="Upload Dati 1m"
                  text="Carica le barre a 1 minuto di un mercato, per l’analisi ad alta frequenza."
                  onOpen={() => setUpload('1m')}
                  icon={Upload}
                />
                <SettingsCard
                  title="Upload Dati 1d"
                  text="Carica le barre giornaliere di un mercato, per l’analisi di lungo periodo."
                  onOpen={() => setUpload('1d')}
                  icon={Upload}
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
  icon: LucideIcon;
  badge?: string;
  badgeOn?: boolean;
  onOpen: () => void;
}

function SettingsCard({ title, text, icon, badge, badgeOn, onOpen }: SettingsCardProps) {
  return (
    <button type="button" className="settings-card settings-card--action" onClick={onOpen}>
      <CardIcon icon={icon} />
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
      <CardIcon icon={Info} />
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

function CardIcon({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <span className="settings-card__icon" aria-hidden="true">
      <Icon size={24} strokeWidth={1.8} />
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
      <header className="panel-header">
        <button type="button" className="icon-button" onClick={onBack} aria-label="Torna alle impostazioni">
          <ChevronLeft size={20} aria-hidden="true" />
        </button>
        <h2
          id={titleId}
          ref={headingRef}
          tabIndex={-1}
          className="panel-header__title settings-screen__title"
        >
          {title}
        </h2>
      </header>
      {children}
    </section>
  );
}
