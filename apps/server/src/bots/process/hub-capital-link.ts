// A bot process's way to Capital.com: every call goes through the hub to its account's link in the
// server (capital-links.ts), which holds the one session and request budget the account's bots
// share, and comes back as Capital.com answered it, refused it, or left it unknown.
import { BrokerError } from '../brokers/broker';
import { CapitalApiError } from '../brokers/capital/capital-http';
import type { CapitalLink } from '../brokers/capital/capital-link';
import type { HubClient } from './hub-client';

export function hubCapitalLink(hub: HubClient): CapitalLink {
  return {
    async request(method, path, extra = {}) {
      const reply = await hub.call('capital', { method, path, ...extra });
      if (reply.ok) return reply.body;
      if ('unavailable' in reply) throw new BrokerError(reply.unavailable, reply.problem ?? 'unavailable');
      throw new CapitalApiError(reply.status, reply.errorCode, { method, path });
    },
    // No quotes here: a bot's arrive on the hub's price channel (HubCalls.quotes), as the market's feed does.
  };
}
