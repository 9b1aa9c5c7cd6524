// App-wide session state (Jotai). Written by src/session's lifecycle hook; read anywhere.
import { atom } from 'jotai';
import type { ConnectionStatus } from '../../workers/socket/hub-api';

export type { ConnectionStatus };

/** The current-user record of SPEC section 3, built from a realTimeUserInfo reply. */
export interface CurrentUser {
  userName: string;
  sid: string;
  phone: string;
  inf1: string;
  /** From inf2. */
  unitName: string;
  department: string;
  email: string;
  cardPath: string;
  headSculpture: string;
  /** Status code held as a string: '0' counted, '1' trial, '2' licensed, '3' forbidden. */
  inf5: string;
  institution_shortname: string;
  role: string;
  profileComplete: boolean;
  reviewStatus: string;
}

/** Socket status as the page sees it (the SocketClient's status). */
export const connectionStatusAtom = atom<ConnectionStatus>('created');

/** null until a stored sid was checked valid and realTimeUserInfo answered. */
export const currentUserAtom = atom<CurrentUser | null>(null);

/** McpVersion from OptPricingSvr ATS.OPTPRICINGSVR.VERSION, null until loaded. */
export const mcpVersionAtom = atom<string | null>(null);
