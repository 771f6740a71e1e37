// authorize (spec §2 "Login page") inside the console (a signed-in user whose
// session ended, 'Back to Sign In'): the plain page of ../plain/login-page.ts,
// the one a visitor without a sign-in gets alone.

import { mountLoginPage } from '../plain/login-page.ts';
import { PlainPage } from '../plain-page.tsx';

export default function LoginPage() {
  return <PlainPage mount={mountLoginPage} />;
}
