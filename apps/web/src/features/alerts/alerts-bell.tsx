// The alerts in the top bar (issue 36, point 4): a bell with the count of unread alerts, which
// opens the list: newest first, each with its time, its text and how its deliveries went (a
// delivery that failed every attempt shows as such), unread ones marked; 'Segna tutti come
// letti' clears the count.
import { ALERT_KIND_LABELS, ALERT_MESSAGES, type Alert, type AlertDelivery } from '@platform/contracts';
import { Bell } from 'lucide-react';
import { useId, useState } from 'react';
import { Dialog } from '../../components/dialog';
import { refusalMessage } from '../../lib/refusal-message';
import { notify } from '../../lib/toast';
import { useAlertList, useMarkAlertsRead, useUnreadAlerts } from './api/alerts';
import './alerts.css';

const dateTime = new Intl.DateTimeFormat('it-IT', { dateStyle: 'short', timeStyle: 'short' });

const CHANNEL_LABELS: Record<AlertDelivery['channel'], string> = { email: 'E-mail', webhook: 'Webhook' };
const STATUS_LABELS: Record<AlertDelivery['status'], string> = {
  pending: 'in invio',
  sent: 'inviato',
  failed: ALERT_MESSAGES.deliveryFailed.toLowerCase(),
};

export function AlertsBell() {
  const unread = useUnreadAlerts().data?.unread ?? 0;
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const label = unread > 0 ? `Avvisi: ${unread} da leggere` : 'Avvisi: nessuno da leggere';
  return (
    <>
      <button
        type="button"
        className="alerts-bell"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-label={label}
        title="Avvisi"
      >
        <Bell size={22} aria-hidden="true" />
        {unread > 0 && (
          <span className="alerts-bell__count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <Dialog
        open={open}
        onCancel={() => setOpen(false)}
        onBackdropClick={() => setOpen(false)}
        labelledBy={titleId}
        className="alerts-list"
      >
        <AlertsList titleId={titleId} open={open} onClose={() => setOpen(false)} />
      </Dialog>
    </>
  );
}

function AlertsList({ titleId, open, onClose }: { titleId: string; open: boolean; onClose: () => void }) {
  const list = useAlertList(open);
  const markRead = useMarkAlertsRead();
  const alerts = list.data?.alerts ?? [];
  const markAll = () =>
    markRead.mutate(
      {},
      { onError: (error) => notify.error(refusalMessage(error, ALERT_MESSAGES.readError)) },
    );
  return (
    <div className="alerts-list__body">
      <h2 id={titleId} className="dialog__title">
        {ALERT_MESSAGES.listTitle}
      </h2>
      {list.isPending && <div className="spinner" role="status" aria-label="Caricamento avvisi" />}
      {list.isError && (
        <p role="alert" className="form-field__error">
          {list.error.message}
        </p>
      )}
      {list.data && alerts.length === 0 && <p className="alerts-list__empty">{ALERT_MESSAGES.empty}</p>}
      {alerts.length > 0 && (
        <ul className="alerts-list__items">
          {alerts.map((alert) => (
            <AlertItem key={alert._id} alert={alert} />
          ))}
        </ul>
      )}
      <div className="dialog__actions">
        {(list.data?.unread ?? 0) > 0 && (
          <button
            type="button"
            className="button button--ghost"
            onClick={markAll}
            disabled={markRead.isPending}
          >
            {ALERT_MESSAGES.markAllRead}
          </button>
        )}
        <button type="button" className="button button--primary" onClick={onClose} autoFocus>
          Chiudi
        </button>
      </div>
    </div>
  );
}

function AlertItem({ alert }: { alert: Alert }) {
  return (
    <li className={alert.read ? 'alerts-list__item' : 'alerts-list__item alerts-list__item--unread'}>
      <div className="alerts-list__head">
        <span className="alerts-list__kind">
          {!alert.read && <span className="visually-hidden">Da leggere: </span>}
          {ALERT_KIND_LABELS[alert.kind]}
        </span>
        <time dateTime={alert.createdAt}>{dateTime.format(new Date(alert.createdAt))}</time>
      </div>
      <p className="alerts-list__message">{alert.message}</p>
      {alert.deliveries.length > 0 && (
        <p className="alerts-list__deliveries">
          {alert.deliveries.map((delivery) => (
            <span
              key={delivery.channel}
              className={`alerts-list__delivery alerts-list__delivery--${delivery.status}`}
              title={delivery.error ?? undefined}
            >
              {CHANNEL_LABELS[delivery.channel]}: {STATUS_LABELS[delivery.status]}
              {delivery.status === 'failed' && delivery.error ? ` (${delivery.error})` : ''}
            </span>
          ))}
        </p>
      )}
    </li>
  );
}
