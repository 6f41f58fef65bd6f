// Line icons of the About Us cards, drawn here so the page loads nothing else: the landing's
// JavaScript budget (120 kB gzipped, apps/web/bench/landing-weight.ts) had 1 kB left, and the icon
// set's runtime (lucide-react's createLucideIcon) alone weighs 1.6 kB.
const PATHS = {
  deposit: 'M4 7h16v10H4z M4 10h16 M8 14h3',
  demo: 'M4 5h16v11H4z M9 20h6 M12 16v4 M7 13l3-3 2 2 4-4',
  commission:
    'M6 18L18 6 M7.5 9a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z M16.5 18a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z',
  support: 'M5 13v-1a7 7 0 0 1 14 0v1 M5 13h2v5H5z M17 13h2v5h-2z M19 18a4 4 0 0 1-4 3h-2',
} as const;

export type FeatureIconName = keyof typeof PATHS;

export function FeatureIcon({ name }: { name: FeatureIconName }) {
  return (
    <svg className="feature-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
      <path
        d={PATHS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
