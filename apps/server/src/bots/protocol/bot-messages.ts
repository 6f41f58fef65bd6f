// What a bot says on its investment when it stops (state 2), waits (state 1 with a reason) or
// notes in its orders: the owner reads these in the investments list, so they are in Italian and
// say what happens next or what to do.
export const BOT_MESSAGES = {
  entryTooSmall:
    'Il bot non può aprire cicli: la size, arrotondata a 0,01 lotti, è zero o supera Max Contracts. Modifica l’investimento.',
  overflow:
    'Il bot non può aprire cicli: i lotti della griglia sono troppo grandi per calcoli esatti. Riduci size, addizionale o multiplier.',
  /** An order's intent with no trace at the broker once the settling window had passed. */
  noTraceAtBroker: 'Ordine non eseguito: il broker non ne mostra traccia.',
  awaitingOutcome:
    'In attesa dell’esito di un ordine presso il broker: il bot non invia altri ordini finché non lo conosce.',
  brokerDown: (reason: string) => `Il broker non risponde (${reason}): il bot riprova da solo.`,
  closeDeferred: 'Chiusura rinviata: il mercato è chiuso, il ciclo si chiude alla riapertura.',
  stopAdjusted: (requested: number, held: number) =>
    `Stop ${requested} rifiutato dal broker perché troppo vicino al prezzo: tenuto a ${held}.`,
  closedUnknown:
    'Posizioni del ciclo aperto chiuse sul conto del broker da più di un giorno: il bot non ne conosce il prezzo di chiusura ed è fermo. Controlla il conto.',
  crashLoop: 'Il bot si è arrestato più volte di seguito ed è stato fermato. Controlla i log e riavvialo.',
} as const;
