// Errors raised in handlers and effects never reach an error boundary on their own; throwing
// from a state update re-raises them during render, where the route's error element shows them.
import { useCallback, useState } from 'react';

export function useCrash(): (error: Error) => void {
  const [, setState] = useState<never>();
  return useCallback((error: Error) => {
    setState(() => {
      throw error;
    });
  }, []);
}
