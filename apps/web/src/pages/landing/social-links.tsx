// The footer's social links (product-spec.md section 1) with icons drawn here, not fetched: the
// networks' logos are trademarks, which the icon set (lucide) no longer carries.
// The accounts are not given by the spec: the addresses are the networks' home pages for now.
import type { ReactElement } from 'react';

const NETWORKS: readonly { name: string; href: string; icon: ReactElement }[] = [
  {
    name: 'Twitter',
    href: 'https://twitter.com/',
    icon: (
      <path
        d="M5 4h4l10 16h-4z M19 4l-6.2 7 M5 20l6.2-7"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    ),
  },
  {
    name: 'LinkedIn',
    href: 'https://www.linkedin.com/',
    icon: (
      <g fill="currentColor">
        <rect x="4" y="9" width="3.2" height="11" rx="0.6" />
        <circle cx="5.6" cy="5.6" r="1.9" />
        <path d="M10 9h3v1.6c.6-1.1 1.9-1.9 3.5-1.9 2.6 0 3.5 1.7 3.5 4.3V20h-3.2v-6.2c0-1.4-.4-2.3-1.7-2.3-1.4 0-1.9 1-1.9 2.4V20H10z" />
      </g>
    ),
  },
  {
    name: 'Telegram',
    href: 'https://t.me/',
    icon: (
      <path
        d="M3 11.3L20.5 4.2c.8-.3 1.5.2 1.3 1.2l-3 14.1c-.2 1-.9 1.2-1.7.8l-4.6-3.4-2.2 2.1c-.3.3-.6.4-1 .4l.3-4.7 8.5-7.7c.4-.3-.1-.5-.6-.2L6.9 13.4 2.4 12c-1-.3-1-1 .6-.7z"
        fill="currentColor"
      />
    ),
  },
  {
    name: 'YouTube',
    href: 'https://www.youtube.com/',
    icon: (
      <g>
        <rect x="2.5" y="5.5" width="19" height="13" rx="3.5" fill="currentColor" />
        <path d="M10 9v6l5.2-3z" fill="var(--social-cutout, #041634)" />
      </g>
    ),
  },
];

export function SocialLinks() {
  return (
    <ul className="social-links">
      {NETWORKS.map((network) => (
        <li key={network.name}>
          <a
            className="social-links__link"
            href={network.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${network.name} (new tab)`}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              {network.icon}
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
