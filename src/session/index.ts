// Browser session: storage keys, login/logout storage work, and the lifecycle hook.
export * from './storage-keys';
export { clearSession, clearWorkspace, logoutEverywhere, readStored, saveLogin, storedSid, type LoginReplyFields } from './session';
export { isLoginPath, loginChannel, startSessionLifecycle, toCurrentUser, type LifecycleDeps } from './session-lifecycle';
export { useSessionLifecycle } from './use-session-lifecycle';
export { claimProfilePrompt } from './profile-prompt';
