// Access pages use Chakra UI v3, whose components need a ChakraProvider. The app shell
// normally provides one; a page rendered outside it (tests, an isolated route) gets the
// default system here instead of crashing.
import { ChakraProvider, defaultSystem, useChakraContext } from '@chakra-ui/react';
import type { ReactNode } from 'react';

function useHasChakra(): boolean {
  try {
    useChakraContext(); // always calls useContext first, so the hook order is stable
    return true;
  } catch {
    return false;
  }
}

export function ChakraGuard({ children }: { children: ReactNode }) {
  return useHasChakra() ? <>{children}</> : <ChakraProvider value={defaultSystem}>{children}</ChakraProvider>;
}
