// Icons of the dashboard's views, at the sidebar's size and stroke; decorative beside their label.
import {
  Activity,
  ChartLine,
  CircleDollarSign,
  Cpu,
  CreditCard,
  FileText,
  LayoutDashboard,
  SearchCheck,
  Settings,
  Users,
  type LucideIcon,
} from 'lucide-react';

const navIcon = (Icon: LucideIcon) =>
  function NavIcon() {
    return <Icon size={20} strokeWidth={1.8} aria-hidden="true" />;
  };

export const OverviewIcon = navIcon(LayoutDashboard);
export const BacktestIcon = navIcon(ChartLine);
export const MonitoringIcon = navIcon(Activity);
export const LogsIcon = navIcon(FileText);
export const UsersIcon = navIcon(Users);
export const AccountsIcon = navIcon(CreditCard);
export const InvestmentsIcon = navIcon(CircleDollarSign);
export const AlgorithmsIcon = navIcon(Cpu);
export const AnalysisIcon = navIcon(SearchCheck);
export const SettingsIcon = navIcon(Settings);
