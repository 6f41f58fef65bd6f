// What the public site says about the company. The spec lists the marketing claims and that the
// company is based in Monaco, but not the legal entity, the licence number, the social accounts
// or the demo site's address: the values below stand in for them until the company gives its own.

export const COMPANY = {
  legalEntity: 'Trading Platform S.A.M.',
  seat: 'Monaco',
  licence: 'Licence No. MC-2025-0417',
} as const;

/** Opened in a new tab by the platform image. */
export const PLATFORM_DEMO_URL = 'https://demo.trading-platform.example/';

export const MARKETING_CLAIMS = {
  minimumDeposit: '$50',
  demoFunds: '$100,000',
  replyWithin: '24 hours',
} as const;

/** The in-page sections the header menu points at, in the order of the page. */
export const SECTION_LINKS = [
  { id: 'home', label: 'Home' },
  { id: 'about', label: 'About Us' },
  { id: 'numbers', label: 'Numbers' },
  { id: 'platform', label: 'Platform' },
  { id: 'faq', label: 'FAQ' },
  { id: 'contact', label: 'Contact' },
] as const;

export type SectionId = (typeof SECTION_LINKS)[number]['id'];
