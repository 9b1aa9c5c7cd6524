// App root: providers, the session lifecycle (mounted once), router, toasts, update prompt.
import { ChakraProvider } from '@chakra-ui/react';
import { Provider as JotaiProvider, getDefaultStore } from 'jotai';
import { useMemo } from 'react';
import { RouterProvider } from 'react-router-dom';
import { system } from '../ui/theme';
import { Toaster } from '../ui/Toaster';
import { createAppRouter } from './router';
import { useSessionLifecycle } from './session-bridge';
import { UpdatePrompt } from './UpdatePrompt';

function SessionLifecycle() {
  useSessionLifecycle();
  return null;
}

export function App() {
  const router = useMemo(createAppRouter, []);
  return (
    <JotaiProvider store={getDefaultStore()}>
      <ChakraProvider value={system}>
        <SessionLifecycle />
        <UpdatePrompt />
        <RouterProvider router={router} />
        <Toaster />
      </ChakraProvider>
    </JotaiProvider>
  );
}
