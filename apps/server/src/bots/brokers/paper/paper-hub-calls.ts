// The paper broker's side of the hub (DESIGN.md section 7): its book lives in the server's
// database, so a paper bot's book calls (open, close, list, find) and the writes of a standing
// order the hub fills are answered here, from the book the bot's investment owns.
import type { BrokerExit, BrokerPosition } from '../broker';
import type { HubCalls, WirePosition } from '../../protocol/hub-protocol';
import type { StandingWrites } from './standing-fill';

/** The paper book and the ledger as the server keeps them, per investment (BotsService). */
export interface PaperBooks {
  openPaper(investmentId: string, position: WirePosition & { clientRef: string }): Promise<BrokerPosition>;
  closePaper(investmentId: string, dealId: string, level: number, at: number): Promise<BrokerExit>;
  paperPositions(investmentId: string): Promise<BrokerPosition[]>;
  findPaper(investmentId: string, clientRef: string): Promise<BrokerPosition | null>;
  recordIntent(investmentId: string, order: HubCalls['intent']['params']): Promise<void>;
  confirm(investmentId: string, id: string, dealId: string, fillPrice: number): Promise<void>;
}

type PaperMethod = 'paperOpen' | 'paperClose' | 'paperPositions' | 'paperFind';

/** The book calls, for the investment the bot proved it runs. */
export type PaperHubCalls = {
  [M in PaperMethod]: (investmentId: string, params: HubCalls[M]['params']) => Promise<HubCalls[M]['result']>;
};

export function paperHubCalls(books: PaperBooks): PaperHubCalls {
  return {
    paperOpen: async (investmentId, opening) => wirePosition(await books.openPaper(investmentId, opening)),
    paperClose: async (investmentId, { dealId, level, at }) => {
      const exit = await books.closePaper(investmentId, dealId, level, at);
      return { ...exit, closedAt: exit.closedAt.getTime() };
    },
    paperPositions: async (investmentId) => (await books.paperPositions(investmentId)).map(wirePosition),
    paperFind: async (investmentId, { clientRef }) => {
      const found = await books.findPaper(investmentId, clientRef);
      return found && wirePosition(found);
    },
  };
}

/** Where the hub writes a standing order it filled: the records the bot would have written, in the book. */
export function standingWrites(books: PaperBooks, investmentId: string): StandingWrites {
  return {
    intent: (order) => books.recordIntent(investmentId, order),
    open: (position) => books.openPaper(investmentId, { ...position, openedAt: position.openedAt.getTime() }),
    confirm: (id, dealId, fillPrice) => books.confirm(investmentId, id, dealId, fillPrice),
    close: (dealId, level, at) => books.closePaper(investmentId, dealId, level, at.getTime()),
  };
}

function wirePosition(position: BrokerPosition): WirePosition {
  return { ...position, openedAt: position.openedAt.getTime() };
}
