// The light/dark switch of the sidebar; the choice is stored, so a reload keeps it.
import { setTheme, useTheme } from '../../../lib/theme';
import { notify } from '../../../lib/toast';

export function ThemeSwitch() {
  const dark = useTheme() === 'dark';
  const toggle = () => {
    try {
      setTheme(dark ? 'light' : 'dark');
    } catch (error) {
      // Storage refused the write (quota, privacy mode): the theme stays as it was.
      notify.error(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <button type="button" role="switch" aria-checked={dark} className="theme-switch" onClick={toggle}>
      <span className="theme-switch__label">Tema scuro</span>
      <span className="theme-switch__track" aria-hidden="true">
        <span className="theme-switch__thumb" />
      </span>
    </button>
  );
}
