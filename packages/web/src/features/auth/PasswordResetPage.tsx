import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ERRORS } from '@tessera/protocol';
import { useServices } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { TextField } from '../../ui/Field.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { useLoginModal } from './LoginModalProvider.tsx';
import { emailError, passwordError } from './validation.ts';

/** The texts of docs/product/community.md §4.4 and §8. */
export const RESET_MAIL_SENT = 'Please check your email; a reset code was sent.';
export const RESET_DONE =
  'Your password was successfully changed. Please Log In with your new password.';
export const NEW_PASSWORDS_MISMATCH = ERRORS.NEW_PASSWORDS_MISMATCH.text;

/**
 * /password/reset: step 1 asks for the e-mail address and mails a reset
 * code; with ?t=<code> (the e-mail's link) it is step 2, the new password.
 */
export function PasswordResetPage() {
  const [params] = useSearchParams();
  const code = params.get('t');
  return code ? <NewPasswordForm code={code} /> : <RequestResetForm />;
}

/** /password/new: step 2; the code comes from ?t= (the e-mail's link) or is typed in. */
export function PasswordNewPage() {
  const [params] = useSearchParams();
  return <NewPasswordForm code={params.get('t') ?? undefined} />;
}

function RequestResetForm() {
  usePageTitle('Reset your password');
  const { api } = useServices();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const request = useMutation({
    mutationFn: () => api.auth.resetPasswordStep1({ email: email.trim() }),
    onSuccess: () => setResult({ ok: true, text: RESET_MAIL_SENT }),
    onError: (err) => setResult({ ok: false, text: errorText(err) }),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const problem = emailError(email);
    setError(problem);
    setResult(null);
    if (!problem) request.mutate();
  }

  return (
    <section className="page auth-page" aria-labelledby="page-title">
      <h1 id="page-title">Reset your password</h1>
      <p>Enter the e-mail address of your account and we will send you a reset code.</p>
      <form className="form register-form" noValidate onSubmit={submit}>
        {result && <Alert kind={result.ok ? 'success' : 'error'}>{result.text}</Alert>}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          error={error}
          onChange={(e) => setEmail(e.target.value)}
        />
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={request.isPending}>
            Send reset code
          </button>
        </div>
      </form>
    </section>
  );
}

interface NewPasswordErrors {
  code?: string;
  password?: string;
  confirm?: string;
}

/** §5: both fields required and equal; the server checks the length and the code. */
export function newPasswordErrors(
  code: string,
  password: string,
  confirm: string,
): NewPasswordErrors {
  const found: NewPasswordErrors = {
    code: code.trim() === '' ? 'Please enter the reset code from the e-mail' : undefined,
    password: passwordError(password),
    confirm:
      confirm === ''
        ? ERRORS.PASSWORD_REQUIRED.text
        : confirm !== password
          ? NEW_PASSWORDS_MISMATCH
          : undefined,
  };
  return Object.fromEntries(
    Object.entries(found).filter(([, v]) => v !== undefined),
  ) as NewPasswordErrors;
}

function NewPasswordForm({ code: fromLink }: { code?: string }) {
  usePageTitle('Choose a new password');
  const { api } = useServices();
  const { openLogin } = useLoginModal();
  const [code, setCode] = useState(fromLink ?? '');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [failure, setFailure] = useState('');
  const reset = useMutation({
    mutationFn: () => api.auth.resetPasswordStep2({ resetCode: code.trim(), password }),
    onError: (err) => setFailure(errorText(err)),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = newPasswordErrors(code, password, confirm);
    setErrors(found);
    setFailure('');
    if (Object.keys(found).length === 0) reset.mutate();
  }

  if (reset.isSuccess) {
    return (
      <section className="page auth-page" aria-labelledby="page-title">
        <h1 id="page-title">Choose a new password</h1>
        <Alert kind="success">{RESET_DONE}</Alert>
        <p>
          <button type="button" className="button-primary" onClick={openLogin}>
            Log In
          </button>
        </p>
      </section>
    );
  }

  return (
    <section className="page auth-page" aria-labelledby="page-title">
      <h1 id="page-title">Choose a new password</h1>
      <form className="form register-form" noValidate onSubmit={submit}>
        {failure && <Alert kind="error">{failure}</Alert>}
        {fromLink === undefined && (
          <TextField
            label="Reset code"
            autoComplete="one-time-code"
            value={code}
            error={errors.code}
            hint="The code in the e-mail we sent you."
            onChange={(e) => setCode(e.target.value)}
          />
        )}
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={password}
          error={errors.password}
          hint="At least 8 characters."
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          error={errors.confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={reset.isPending}>
            Change password
          </button>
        </div>
      </form>
    </section>
  );
}
