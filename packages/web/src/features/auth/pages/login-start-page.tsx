// auth/login/user (spec §2) inside the console: the plain page of
// ../plain/login-start-page.ts.

import { mountLoginStartPage } from '../plain/login-start-page.ts';
import { PlainPage } from '../plain-page.tsx';

export default function LoginStartPage() {
  return <PlainPage mount={mountLoginStartPage} />;
}
