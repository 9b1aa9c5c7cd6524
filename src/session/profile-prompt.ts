// The complete-profile prompt (SPEC section 6) is shown once per session and tab: right after
// login by the access pages, or by the shell when a stored session turns out incomplete.
// Whoever claims it first shows it, so the user is never asked twice in a row.
const KEY = 'profilePromptedFor';

/** True the first time it is called for `sid` in this tab; false afterwards. */
export function claimProfilePrompt(sid: string, store: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage): boolean {
  if (store.getItem(KEY) === sid) return false;
  store.setItem(KEY, sid);
  return true;
}
