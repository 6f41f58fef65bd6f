// What a bot says on its investment when it stops (state 2) or notes in its orders: the owner
// reads these in the investments list, so they are in Italian and say what to do.
export const BOT_MESSAGES = {
  entryTooSmall:
    'Il bot non può aprire cicli: la size, arrotondata a 0,01 lotti, è zero o supera Max Contracts. Modifica l’investimento.',
  overflow:
    'Il bot non può aprire cicli: i lotti della griglia sono troppo grandi per calcoli esatti. Riduci size, addizionale o multiplier.',
  notSentBeforeRestart: 'Ordine non eseguito: il bot si è fermato prima dell’invio; ripreso dopo il riavvio.',
  brokerUnreachable: (reason: string) =>
    `Il broker non risponde: ordine non confermato dopo vari tentativi (${reason}). Il bot è fermo; riavvialo quando il broker è raggiungibile.`,
  closedUnknown:
    'Posizioni del ciclo aperto chiuse sul conto del broker da più di un giorno: il bot non ne conosce il prezzo di chiusura ed è fermo. Controlla il conto.',
  crashLoop: 'Il bot si è arrestato più volte di seguito ed è stato fermato. Controlla i log e riavvialo.',
} as const;
