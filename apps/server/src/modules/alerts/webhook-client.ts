// A webhook call: one POST of a signed JSON body, answered within a timeout or counted as failed.
// The host's addresses are checked at this moment (webhook-address.ts) and the connection goes to
// the address that was checked, not to a second resolution of the name. No redirect is followed:
// a 3xx is a failure, like any answer outside 2xx.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_ALERT_ID_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@platform/contracts';
import type { WebhookAddressPolicy } from './webhook-address';
import { signatureOf } from './webhook-signature';

export interface WebhookCall {
  url: string;
  alertId: string;
  /** The body exactly as sent: the signature is of these bytes. */
  body: string;
  secret: string;
}

export interface WebhookClient {
  /** Resolves with the HTTP status of a 2xx answer; rejects with a short reason otherwise. */
  post(call: WebhookCall): Promise<number>;
}

export class WebhookFailure extends Error {}

export function createWebhookClient(policy: WebhookAddressPolicy, timeoutMs: number): WebhookClient {
  return {
    async post({ url, alertId, body, secret }) {
      const target = new URL(url);
      const [address] = await policy.check(url);
      if (!address) throw new WebhookFailure('nessun indirizzo');
      const family = isIP(address);
      const pinned: LookupFunction = (_hostname, options, callback) => {
        if (options.all) callback(null, [{ address, family }]);
        else callback(null, address, family);
      };
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      return new Promise<number>((resolve, reject) => {
        const request = send(
          target,
          {
            method: 'POST',
            lookup: pinned,
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              'user-agent': 'TradingPlatform-Alerts/1',
              [WEBHOOK_SIGNATURE_HEADER]: signatureOf(body, secret),
              [WEBHOOK_ALERT_ID_HEADER]: alertId,
            },
          },
          (response: IncomingMessage) => {
            // The answer's body is not read, only drained: the status says it all.
            response.resume();
            response.on('end', () => {
              clearTimeout(timer);
              const status = response.statusCode ?? 0;
              if (status >= 200 && status < 300) resolve(status);
              else reject(new WebhookFailure(`HTTP ${status}`));
            });
            response.on('error', (error) => {
              clearTimeout(timer);
              reject(new WebhookFailure(error.message));
            });
          },
        );
        const timer = setTimeout(() => {
          request.destroy(new WebhookFailure(`nessuna risposta entro ${timeoutMs / 1000} s`));
        }, timeoutMs);
        request.on('error', (error) => {
          clearTimeout(timer);
          reject(error instanceof WebhookFailure ? error : new WebhookFailure(error.message));
        });
        request.end(body);
      });
    },
  };
}
