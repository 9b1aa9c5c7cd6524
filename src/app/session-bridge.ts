// The one place the shell touches H3's session, state and socket-client modules.
import { getSocketClient as h3GetSocketClient } from '../socket-client';
import { logoutEverywhere, saveLogin as h3SaveLogin, useSessionLifecycle } from '../session';
import { StorageKey } from '../session/storage-keys';

export { connectionStatusAtom, currentUserAtom, mcpVersionAtom, type ConnectionStatus, type CurrentUser } from '../state';
export { useSessionLifecycle };

/** localStorage key names of SPEC section 3 (H3's table). */
export const K = StorageKey;

export function saveLogin(reply: { sid: string; username: string; institution_shortname?: string }): void {
  h3SaveLogin(reply);
}

/** Log out on the server and in every tab; clears the session and the workspace. */
export async function logout(): Promise<void> {
  await logoutEverywhere();
}

export function getSocketClient() {
  return h3GetSocketClient();
}
