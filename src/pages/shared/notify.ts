// Toasts of the access pages go through the app's toast() (src/ui/toast.ts); forms also show
// every failure inline, so nothing depends on a toast being seen.
import { toast } from '../../ui/toast';

export type NotifyKind = 'success' | 'error' | 'info' | 'warning';

export function notify(kind: NotifyKind, message: string): void {
  toast(message, kind);
}
