// Code that only some visitors need comes in chunks of its own, so the landing downloads none of
// it. A chunk that fails to arrive, or has not arrived after the spec's 120 s (product-spec.md
// section 9, UI timings), rejects with a message a person can act on.
const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export const CHUNK_LOAD_MESSAGES = {
  timeout: 'La pagina non è arrivata entro 120 secondi. Controlla la connessione e ricarica la pagina.',
  failed: 'Impossibile caricare la pagina. Controlla la connessione e ricarica la pagina.',
} as const;

export function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(CHUNK_LOAD_MESSAGES.timeout)), CHUNK_LOAD_TIMEOUT_MS);
    load().then(
      (loaded) => {
        clearTimeout(timer);
        resolve(loaded);
      },
      (error: unknown) => {
        clearTimeout(timer);
        // The browser's own reason (a URL and a status) is for the console, not for the screen.
        console.error(error);
        reject(new Error(CHUNK_LOAD_MESSAGES.failed, { cause: error }));
      },
    );
  });
}
