// Status-like cells (column key containing 'status' or 'state') are coloured by meaning
// (product-spec.md section 4).

export type StatusTone = 'positive' | 'waiting' | 'negative';

const TONES: Record<string, StatusTone> = {
  active: 'positive',
  completed: 'positive',
  success: 'positive',
  approved: 'positive',
  pending: 'waiting',
  processing: 'waiting',
  in_progress: 'waiting',
  inprogress: 'waiting',
  error: 'negative',
  failed: 'negative',
  rejected: 'negative',
  cancelled: 'negative',
};

export function isStatusColumn(columnId: string): boolean {
  const id = columnId.toLowerCase();
  return id.includes('status') || id.includes('state');
}

export function statusTone(value: unknown): StatusTone | undefined {
  return typeof value === 'string' ? TONES[value.trim().toLowerCase()] : undefined;
}
