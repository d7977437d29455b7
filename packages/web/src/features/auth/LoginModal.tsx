import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useServices } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { TextField } from '../../ui/Field.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { USERNAME_MAX_LENGTH, validateLogin, type LoginErrors } from './validation.ts';

export const LOGIN_TITLE = 'Welcome back, friend!';

/**
 * The Log In dialog (docs/product/community.md §2.2, §4.1, §5): presence checks on
 * the client; the server's own failure text in an error alert.
 */
export function LoginModal({ onClose }: { onClose: () => void }) {
  const { session } = useServices();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const [serverError, setServerError] = useState('');
  const login = useMutation({
    mutationFn: () => session.login(username.trim(), password),
    onSuccess: () => onClose(),
    onError: (err) => setServerError(errorText(err)),
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const found = validateLogin({ username, password });
    setErrors(found);
    setServerError('');
    if (Object.keys(found).length > 0) return;
    login.mutate();
  }

  return (
    <Modal title={LOGIN_TITLE} onClose={onClose}>
      <form className="form login-form" noValidate onSubmit={submit}>
        {serverError && <Alert kind="error">{serverError}</Alert>}
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          maxLength={USERNAME_MAX_LENGTH}
          value={username}
          error={errors.username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={errors.password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={login.isPending}>
            Log In
          </button>
          <Link to="/password/reset" onClick={onClose}>
            Forgot password?
          </Link>
        </div>
        <p className="form-aside">
          New here?{' '}
          <Link to="/register" onClick={onClose}>
            Sign up
          </Link>
        </p>
      </form>
    </Modal>
  );
}
