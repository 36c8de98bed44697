import { useEffect, useState, type FormEvent } from 'react';
import { accountCall, messageOf } from '../../lib/account/api.ts';
import { botCheckToken } from '../../lib/account/bot-token.ts';
import { withErrorBoundary } from '../shared/index.ts';
import { Notice, type NoticeState } from './Notice.tsx';
import { useSignedInUser } from './useAccount.ts';
import './account.css';

/** spec 2.5: the page text after a verification request. */
export const LINK_SENT_TEXT =
  'Verification link has been sent to your recovery email. Please check your recovery email and follow the instructions.';

/** The account's recovery email, as GET /api/user/recoveryEmail replies. */
interface RecoveryRecord {
  recoveryEmail: string | null;
  recoveryEmailVerified: boolean;
}

/** The recovery email page (spec 2.5, 4: none, unverified, link sent, verified). */
function RecoveryEmail() {
  const { user } = useSignedInUser();
  const [record, setRecord] = useState<RecoveryRecord | null>(null);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [notice, setNotice] = useState<NoticeState | null>(null);

  async function load() {
    try {
      const reply = await accountCall<RecoveryRecord>('GET', '/api/user/recoveryEmail');
      setRecord(reply);
      setEmail(reply.recoveryEmail ?? '');
    } catch (error) {
      setNotice({ variant: 'danger', message: messageOf(error) });
      setRecord({ recoveryEmail: null, recoveryEmailVerified: false });
    }
  }

  useEffect(() => {
    if (user) void load();
    if (new URLSearchParams(window.location.search).get('verified') === 'expired') {
      setNotice({
        variant: 'danger',
        message: 'This verification link is invalid or has expired.',
      });
    }
  }, [user]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (busy || email.trim() === '') return; // spec 5: an empty value does nothing
    setBusy(true);
    try {
      const token = await botCheckToken('recovery_email');
      await accountCall(
        'PUT',
        '/api/user/recoveryEmail',
        { token, recoveryEmail: email.trim() },
        { idempotent: true },
      );
      setNotice({ variant: 'success', message: 'Recovery email updated successfully' });
      setSent(false);
      await load();
    } catch (error) {
      setNotice({ variant: 'danger', message: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  async function verify() {
    if (busy) return;
    setBusy(true);
    try {
      const token = await botCheckToken('recovery_email_verify');
      await accountCall('POST', '/api/user/recoveryEmail/verify', { token }, { idempotent: true });
      setNotice({
        variant: 'success',
        message: 'Verification link has been sent to your recovery email',
      });
      setSent(true);
    } catch (error) {
      setNotice({ variant: 'danger', message: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  if (!user || record === null) return <p className="acct">Loading…</p>;
  const exists = record.recoveryEmail !== null;
  return (
    <div className="acct">
      <h1>Recovery email</h1>
      <Notice notice={notice} />
      {record.recoveryEmailVerified && <p className="notice success">Recovery email verified</p>}
      {exists && !record.recoveryEmailVerified && !sent && (
        <div className="row">
          <p className="notice info" style={{ margin: 0 }}>
            Your recovery email is not verified
          </p>
          <button
            type="button"
            className="ink-button acct-btn secondary"
            disabled={busy}
            onClick={() => void verify()}
          >
            Verify now
          </button>
        </div>
      )}
      {sent && <p>{LINK_SENT_TEXT}</p>}
      <form className="acct-form" onSubmit={(event) => void save(event)}>
        <label className="field">
          Recovery email
          <input
            type="email"
            name="recoveryEmail"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <div className="row">
          <button
            type="button"
            className="ink-button acct-btn secondary"
            onClick={() => window.location.assign('/myaccount.asp')}
          >
            Back
          </button>
          <button type="submit" className="ink-button acct-btn" disabled={busy}>
            {exists ? 'Update' : 'Add'}
          </button>
        </div>
      </form>
    </div>
  );
}

export default withErrorBoundary(RecoveryEmail);
