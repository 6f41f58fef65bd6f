// The Status cell: admins move a user between pending, approved and blocked; their own row is
// read-only (the server refuses it too). The select shows the chosen value while the call runs.
import {
  requestStatusSchema,
  USER_MESSAGES,
  type ManagedUser,
  type RequestStatus,
} from '@platform/contracts';
import { refusalMessage } from '../../../lib/refusal-message';
import { notify } from '../../../lib/toast';
import { useReviewUser } from '../api/review-user';

const OFFERED: readonly RequestStatus[] = ['pending', 'approved', 'blocked'];

export function StatusSelect({ user, readOnly }: { user: ManagedUser; readOnly: boolean }) {
  const review = useReviewUser();
  const current = user.request.status;
  if (readOnly) return <span className="users-status users-status--readonly">{current}</span>;

  const shown = review.isPending ? review.variables.status : current;
  // An old 'rejected' request stays visible instead of silently showing another status.
  const options = OFFERED.includes(current) ? OFFERED : [...OFFERED, current];
  return (
    <select
      className="users-status"
      aria-label={`Stato di ${user.username}`}
      value={shown}
      disabled={review.isPending}
      onChange={(event) =>
        review.mutate(
          { id: user._id, status: requestStatusSchema.parse(event.target.value) },
          {
            onSuccess: () => notify.success(USER_MESSAGES.statusUpdated),
            onError: (error) => notify.error(refusalMessage(error, USER_MESSAGES.statusError)),
          },
        )
      }
    >
      {options.map((status) => (
        <option key={status} value={status}>
          {status}
        </option>
      ))}
    </select>
  );
}
