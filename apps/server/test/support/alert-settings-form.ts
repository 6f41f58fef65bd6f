import { DEFAULT_ALERT_SETTINGS } from '@platform/contracts';

/** The alert settings dialog's form as it sends it: an investment's defaults, with what a test changes. */
export const alertSettingsForm = (overrides: Record<string, unknown> = {}) => ({
  ...DEFAULT_ALERT_SETTINGS,
  ...overrides,
});
