// The signed-in access pages render either as a panel (inside a route or the shell's
// content area) or as a modal dialog; Surface hides that choice from each page.
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ChakraGuard } from './ChakraGuard';
import { PanelFrame } from './ui';

export interface SurfaceProps {
  /** Render as a modal dialog instead of a page panel. */
  asDialog?: boolean;
  /** Close action (dialog close button, or the panel's close button when given). */
  onClose?: () => void;
}

export function Surface({ asDialog, onClose, title, subtitle, testId, children }: SurfaceProps & { title: string; subtitle?: string; testId: string; children: ReactNode }) {
  if (!asDialog) {
    return (
      <ChakraGuard>
        <div data-testid={testId}>
          <PanelFrame title={title} subtitle={subtitle} onClose={onClose}>
            {children}
          </PanelFrame>
        </div>
      </ChakraGuard>
    );
  }
  return (
    <ChakraGuard>
      <Dialog.Root open onOpenChange={(e) => !e.open && onClose?.()} size="lg" scrollBehavior="inside" closeOnInteractOutside={false}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid={testId}>
              <Dialog.Header flexDirection="column" alignItems="flex-start" gap="1">
                <Dialog.Title>{title}</Dialog.Title>
                {subtitle && <Dialog.Description>{subtitle}</Dialog.Description>}
              </Dialog.Header>
              <Dialog.Body pb="6">{children}</Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </ChakraGuard>
  );
}
