// 'Esci da tutti i dispositivi': for a lost phone or a shared computer. The server revokes every
// session and remember token; this device's session then ends like any other logout.
import { SESSION_MESSAGES } from '@platform/contracts';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { refusalMessage } from '../../../lib/refusal-message';
import { useSession } from '../../../lib/session/session-context';
import { notify } from '../../../lib/toast';
import { useLogoutEverywhere } from '../api/logout-everywhere';

export function LogoutEverywhere() {
  const { logout } = useSession();
  const call = useLogoutEverywhere();
  const [confirming, setConfirming] = useState(false);

  const confirm = () => {
    setConfirming(false);
    call.mutate(undefined, {
      onSuccess: logout,
      onError: (error) => notify.error(refusalMessage(error, SESSION_MESSAGES.logoutEverywhereError)),
    });
  };

  return (
    <>
      <button
        type="button"
        className="button button--ghost settings-logout-everywhere"
        onClick={() => setConfirming(true)}
        disabled={call.isPending}
        aria-busy={call.isPending}
      >
        {SESSION_MESSAGES.logoutEverywhere}
      </button>
      <ConfirmDialog
        open={confirming}
        message={SESSION_MESSAGES.logoutEverywhereConfirm}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}
