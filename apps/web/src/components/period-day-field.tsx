// A day of the backtest and analysis period (product-spec.md section 9: 2008-11-26 to 2025-07-02).
import { PERIOD_FIRST_DAY, PERIOD_LAST_DAY } from '@platform/contracts';
import { TextField, type TextFieldProps } from './text-field';

export function PeriodDayField(props: Omit<TextFieldProps, 'type' | 'min' | 'max'>) {
  return <TextField {...props} type="date" min={PERIOD_FIRST_DAY} max={PERIOD_LAST_DAY} />;
}
