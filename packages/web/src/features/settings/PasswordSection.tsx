import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ERRORS } from '@tessera/protocol';
import { useServices } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { TextField } from '../../ui/Field.tsx';
import { passwordError } from '../auth/index.ts';

export const PASSWORD_CHANGED = 'Your password was changed.';

/** /settings/password: old and new password (docs/product/community.md §2.5, §8). */
export function PasswordSection() {
  const { api } = useServices();
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const [errors, setErrors] = useState<{ old?: string; new?: string }>({});
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const change = useMutation({
    mutationFn: () => api.auth.changePassword({ oldPassword, newPassword }),
    onSuccess: () => {
      setResult({ ok: true, text: PASSWORD_CHANGED });
      setOld('');
      setNew('');
    },
    onError: (err) => setResult({ ok: false, text: errorText(err) }),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = {
      old: oldPassword === '' ? ERRORS.PASSWORDS_REQUIRED.text : undefined,
      new: passwordError(newPassword),
    };
    setErrors(found);
    setResult(null);
    if (found.old || found.new) return;
    change.mutate();
  }

  return (
    <div className="settings-stack">
      <h1 id="page-title">Change password</h1>
      <form className="form settings-form" noValidate onSubmit={submit}>
        {result && <Alert kind={result.ok ? 'success' : 'error'}>{result.text}</Alert>}
        <TextField
          label="Old password"
          type="password"
          autoComplete="current-password"
          value={oldPassword}
          error={errors.old}
          onChange={(e) => setOld(e.target.value)}
        />
        <TextField
          label="New password"
          type="password"
          autoComplete="new-password"
          value={newPassword}
          error={errors.new}
          hint="At least 8 characters."
          onChange={(e) => setNew(e.target.value)}
        />
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={change.isPending}>
            Change password
          </button>
        </div>
      </form>
    </div>
  );
}
