// "Dashboard data" of product-spec.md section 4: the overview loads only what it shows; the first
// time the user goes elsewhere, every collection is fetched once in the background (the users
// list only for admins), so the other views open with their data. A failure is logged to the
// console by the query cache and leaves that view to load on its own.
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { collections, type CollectionName } from '../../lib/collections/collections';

// One line per collection keeps each call typed; a new collection must be added here to compile.
const PREFETCH: Record<CollectionName, (client: QueryClient) => Promise<void>> = {
  investments: (client) => client.prefetchQuery(collections.investments),
  transactions: (client) => client.prefetchQuery(collections.transactions),
  accounts: (client) => client.prefetchQuery(collections.accounts),
  algorithms: (client) => client.prefetchQuery(collections.algorithms),
  // The Logs view's first page, not the whole list: the view fetches the others as they are shown.
  logs: (client) => client.prefetchQuery(collections.logs),
  instruments: (client) => client.prefetchQuery(collections.instruments),
  backtests: (client) => client.prefetchQuery(collections.backtests),
  analyses: (client) => client.prefetchQuery(collections.analyses),
  marketdata: (client) => client.prefetchQuery(collections.marketdata),
  users: (client) => client.prefetchQuery(collections.users),
};

const ADMIN_ONLY: readonly CollectionName[] = ['users'];

export function useCollectionsPrefetch({ enabled, isAdmin }: { enabled: boolean; isAdmin: boolean }): void {
  const queryClient = useQueryClient();
  const done = useRef(false);
  useEffect(() => {
    if (!enabled || done.current) return;
    done.current = true;
    for (const name of Object.keys(PREFETCH) as CollectionName[]) {
      if (!isAdmin && ADMIN_ONLY.includes(name)) continue;
      // Already loaded (the overview's two): fetching again would only repeat the same answer.
      if (queryClient.getQueryState(collections[name].queryKey)?.status === 'success') continue;
      void PREFETCH[name](queryClient);
    }
  }, [enabled, isAdmin, queryClient]);
}
