// The header's two core services (Monitoring, Daemon), each an icon coloured by its status that
// opens its details.
import { CORE_SERVICES, type CoreServiceName, type ProcessInfo } from '@platform/contracts';
import type { ReactNode } from 'react';
import { LineIcon } from '../../../components/line-icon';
import { processStatus } from '../process-display';

const ICONS: Record<CoreServiceName, ReactNode> = {
  [CORE_SERVICES.monitoring]: <path d="M3 12h4l3-7 4 14 3-7h4" />,
  [CORE_SERVICES.daemon]: (
    <>
      <rect x="3" y="4" width="18" height="7" rx="1.5" />
      <rect x="3" y="13" width="18" height="7" rx="1.5" />
      <path d="M7 7.5h.01M7 16.5h.01" />
    </>
  ),
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
            <LineIcon size={22}>{ICONS[name]}</LineIcon>
            <span className="core-service__name">{name}</span>
          </button>
        );
      })}
    </div>
  );
}
