// What happens right after a successful login or registration: store the session, then, in
// order, the complete-profile prompt (when the profile is incomplete) and the free-trial
// form (when the user came from a "free trial" link), then the home shell.
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { loginApi, type LoginReply } from './login-api';
import { claimProfilePrompt, completeLogin } from './session-bridge';

type Step = 'profile' | 'trial';

// Loaded only when needed, so the login page does not carry the dialogs' code.
const CompleteProfile = lazy(() => import('../complete-profile'));
const TrialApplication = lazy(() => import('../trial'));

export function usePostLogin() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [steps, setSteps] = useState<Step[]>([]);

  const next = () => {
    const rest = steps.slice(1);
    setSteps(rest);
    if (rest.length === 0) navigate('/');
  };

  const finish = async (reply: LoginReply) => {
    await completeLogin(reply);
    const queue: Step[] = [];
    try {
      const info = await loginApi.realTimeUserInfo(reply.username, reply.sid);
      if (info.profileComplete === false && claimProfilePrompt(reply.sid)) queue.push('profile');
    } catch (err) {
      console.warn('realTimeUserInfo after login failed', err); // the shell loads it again
    }
    if (params.get('trial') === '1') queue.push('trial');
    if (queue.length === 0) navigate('/');
    else setSteps(queue);
  };

  let overlay: ReactNode = null;
  if (steps[0] === 'profile') overlay = <CompleteProfile onClose={next} />;
  else if (steps[0] === 'trial') overlay = <TrialApplication asDialog onClose={next} />;
  if (overlay) overlay = <Suspense fallback={null}>{overlay}</Suspense>;

  return { finish, overlay, wantsTrial: params.get('trial') === '1' };
}
