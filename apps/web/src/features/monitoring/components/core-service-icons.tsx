// The header's two core services (Monitoring, Daemon), each an icon coloured by its status that
// opens its details.
import { CORE_SERVICES, type CoreServiceName, type ProcessInfo } from '@platform/contracts';
import { Activity, Server, type LucideIcon } from 'lucide-react';
import { processStatus } from '../process-display';

const ICONS: Record<CoreServiceName, LucideIcon> = {
  [CORE_SERVICES.monitoring]: Activity,
  [CORE_SERVICES.daemon]: Server,
};

interface CoreServiceIconsProps {
  processes: readonly ProcessInfo[];
  onOpen: (name: CoreServiceName) => void;
}

export function CoreServiceIcons({ processes, onOpen }: CoreServiceIconsProps) {
  return (
    <div className="core-services">
      {Object.values(CORE_SERVICES).map((name) => {
        const status = processStatus(processes.find((process) => process.name === name));
        const Icon = ICONS[name];
        return (
          <button
            key={name}
            type="button"
            className={`core-service core-service--${status.tone}`}
            aria-label={`${name}: ${status.label}`}
            aria-haspopup="dialog"
            title={`${name}: ${status.label}`}
            onClick={() => onOpen(name)}
          >
            <Icon size={22} strokeWidth={1.8} aria-hidden="true" />
            <span className="core-service__name">{name}</span>
          </button>
        );
      })}
    </div>
  );
}
