// Line icons drawn in the text colour; decorative beside their label (the button or link names
// the action).
import type { ReactNode } from 'react';

interface LineIconProps {
  size?: number;
  strokeWidth?: number;
  children: ReactNode;
}

export function LineIcon({ size = 20, strokeWidth = 1.8, children }: LineIconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

/** The cross of close and remove buttons. */
export const CloseIcon = ({ size = 20 }: { size?: number }) => (
  <LineIcon size={size} strokeWidth={2}>
    <path d="M6 6l12 12M18 6L6 18" />
  </LineIcon>
);
