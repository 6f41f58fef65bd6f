// Solves one ALTCHA challenge off the main thread: the proof of work takes about a second of
// PBKDF2 (WebCrypto) and would freeze the form if it ran beside React.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import type { Challenge } from 'altcha-lib/types';
import type { SolverAnswer } from './solver-messages';

self.addEventListener('message', (event: MessageEvent<Challenge>) => {
  const answer = (message: SolverAnswer) => self.postMessage(message);
  solveChallenge({ challenge: event.data, deriveKey }).then(
    (solution) => answer(solution ? { solution } : { error: 'The challenge could not be solved in time.' }),
    (error: unknown) => answer({ error: error instanceof Error ? error.message : String(error) }),
  );
});
