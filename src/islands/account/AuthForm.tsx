import { useEffect, useState, type FormEvent } from 'react';
import { accountCall, messageOf } from '../../lib/account/api.ts';
import { nextPath } from '../../lib/account/next-path.ts';
import { signIn, SignInError } from '../../lib/account/sign-in.ts';
import { withErrorBoundary } from '../shared/index.ts';
import { Notice, type NoticeState } from './Notice.tsx';
import './account.css';

/** Which sign-in page this is (spec 2.1 routes). */
export type AuthMode =
  'login' | 'register' | 'recover' | 'reset' | 'start-verification' | 'verify' | 'change-password';

interface Field {
  name: string;
  label: string;
  type: 'email' | 'password' | 'text';
  autoComplete: string;
}

const EMAIL: Field = { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' };
const FIELDS: Record<AuthMode, Field[]> = {
  login: [
    EMAIL,
    { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
  ],
  register: [
    { name: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name' },
    { name: 'lastName', label: 'Last name', type: 'text', autoComplete: 'family-name' },
    EMAIL,
    {
      name: 'password',
      label: 'Password (at least 8 characters)',
      type: 'password',
      autoComplete: 'new-password',
    },
  ],
  recover: [EMAIL],
  reset: [
    {
      name: 'password',
      label: 'New password (at least 8 characters)',
      type: 'password',
      autoComplete: 'new-password',
    },
  ],
  'start-verification': [EMAIL],
  verify: [],
  'change-password': [
    {
      name: 'currentPassword',
      label: 'Current password',
      type: 'password',
      autoComplete: 'current-password',
    },
    {
      name: 'newPassword',
      label: 'New password (at least 8 characters)',
      type: 'password',
      autoComplete: 'new-password',
    },
  ],
};

const SUBMIT: Record<AuthMode, string> = {
  login: 'Sign in',
  register: 'Create account',
  recover: 'Send reset link',
  reset: 'Set new password',
  'start-verification': 'Send verification link',
  verify: 'Verify account',
  'change-password': 'Change password',
};

const ENDPOINT: Record<AuthMode, string> = {
  login: '/api/auth/login',
  register: '/api/auth/register',
  recover: '/api/auth/recoverAccount',
  reset: '/api/auth/resetPassword',
  'start-verification': '/api/auth/startVerification',
  verify: '/api/auth/verifyAccount',
  'change-password': '/api/auth/changePassword',
};

/**
 * The sign-in family of forms: one island, one mode per page. Errors from the server show
 * as danger notices; the button is disabled while a call runs (no double submit).
 */
function AuthForm({ mode }: { mode: AuthMode }) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const [done, setDone] = useState(false);
  // Set when the API asked for the bot check: the next sign-in takes it first.
  const [needsBotCheck, setNeedsBotCheck] = useState(false);
  // The server-rendered form stays disabled until the island runs, so an early click never
  // submits natively (which would put a password in the address) and nothing typed is lost.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const token =
    typeof window === 'undefined'
      ? ''
      : (new URLSearchParams(window.location.search).get('token') ?? '');

  useEffect(() => {
    if ((mode === 'reset' || mode === 'verify') && token === '') {
      setNotice({
        variant: 'danger',
        message: 'This link is incomplete. Open the link from your email again.',
      });
    }
  }, [mode, token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setNotice(null);
    try {
      if (mode === 'login') {
        await signIn(
          { email: values['email'] ?? '', password: values['password'] ?? '' },
          { needsBotCheck },
        );
        window.location.assign(nextPath(window.location.search));
        return;
      }
      const body: Record<string, string> = { ...values };
      if (mode === 'reset' || mode === 'verify') body['token'] = token;
      const reply = await accountCall<{ message?: string }>('POST', ENDPOINT[mode], body, {
        idempotent: true,
      });
      // Registration answers alike for every email: the account is made by
      // the mailed link, so the page says to check the mailbox and signs nobody in.
      const messages: Partial<Record<AuthMode, string>> = {
        reset: 'Your password was changed. You can sign in with it now.',
        verify: 'Your account is verified. Thank you!',
        'change-password': 'Your password was changed.',
      };
      setNotice({ variant: 'success', message: reply.message ?? messages[mode] ?? 'Done.' });
      setDone(true);
      setValues({});
    } catch (error) {
      if (error instanceof SignInError) setNeedsBotCheck(error.botCheckRequired);
      setNotice({ variant: 'danger', message: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="acct-form" method="post" onSubmit={(event) => void submit(event)}>
      <Notice notice={notice} />
      {FIELDS[mode].map((field) => (
        <label className="field" key={field.name}>
          {field.label}
          <input
            name={field.name}
            type={field.type}
            autoComplete={field.autoComplete}
            required
            disabled={!ready}
            minLength={
              field.type === 'password' && field.autoComplete === 'new-password' ? 8 : undefined
            }
            value={values[field.name] ?? ''}
            onChange={(event) => setValues({ ...values, [field.name]: event.target.value })}
          />
        </label>
      ))}
      {!(done && (mode === 'verify' || mode === 'reset' || mode === 'register')) && (
        <button className="ink-button acct-btn" type="submit" disabled={busy || !ready}>
          {busy ? 'Please wait…' : SUBMIT[mode]}
        </button>
      )}
      {done && (mode === 'verify' || mode === 'reset') && (
        <a href={mode === 'reset' ? '/login.asp' : '/myaccount.asp'}>
          {mode === 'reset' ? 'Sign in' : 'Go to my account'}
        </a>
      )}
    </form>
  );
}

export default withErrorBoundary(AuthForm);
