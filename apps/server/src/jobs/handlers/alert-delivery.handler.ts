// Delivers one alert on one channel: an e-mail to the investment's owner through the mailer, or
// the signed POST to the investment's webhook. A failed attempt goes back to the queue after the
// next wait of the back-off; after the last one the delivery fails for good with its reason (a
// dead letter), shown beside the alert in the owner's list.
import { ALERT_MESSAGES } from '@platform/contracts';
import type { Mailer } from '../../lib/mailer';
import { ALERT_TEXTS } from '../../modules/alerts/alert-texts';
import type { AlertsService } from '../../modules/alerts/alerts.service';
import type { WebhookClient } from '../../modules/alerts/webhook-client';
import { JobError, JobRetry } from '../job-error';
import type { JobHandler } from '../job-registry';

export interface AlertDeliveryHandlerDeps {
  alerts: AlertsService;
  mailer: Mailer;
  webhooks: WebhookClient;
  /** The waits after each failed attempt; one attempt more than waits. */
  retryDelaysMs: readonly number[];
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

export function alertDeliveryHandler(deps: AlertDeliveryHandlerDeps): JobHandler {
  return async (job, worker) => {
    const found = await deps.alerts.findDelivery(job.id);
    if (!found) return; // the alert went with its user
    const { delivery, alert } = found;
    try {
      if (delivery.channel === 'email') await deps.mailer.send(deps.alerts.mailOf(alert, found.ownerEmail));
      else {
        const call = deps.alerts.webhookCallOf(alert, found);
        if (!call) throw new JobError(`${ALERT_MESSAGES.deliveryFailed}: ${ALERT_TEXTS.noWebhook}`);
        await deps.webhooks.post(call);
      }
    } catch (error) {
      if (error instanceof JobError) throw error;
      const delay = deps.retryDelaysMs[job.attempts - 1];
      if (delay !== undefined) throw new JobRetry(reasonOf(error), delay);
      throw new JobError(`${ALERT_MESSAGES.deliveryFailed}: ${reasonOf(error)}`);
    }
    await deps.alerts.delivered(job.id, worker);
  };
}
