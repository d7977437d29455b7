import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { useServices, useSession } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { TextField } from '../../ui/Field.tsx';
import { usePageTitle } from '../../ui/use-page-title.ts';
import { BirthDateFields } from './BirthDateFields.tsx';
import { countries } from './countries.ts';
import { useLoginModal } from './LoginModalProvider.tsx';
import {
  formatBirthDate,
  validateRegistration,
  type RegistrationErrors,
  type RegistrationForm,
} from './validation.ts';

const EMPTY: RegistrationForm = {
  email: '',
  username: '',
  password: '',
  birthDate: { year: '', month: '', day: '' },
  firstName: '',
  lastName: '',
  countryCode: '',
  agreedToTerms: false,
};

/**
 * Registration (docs/product/community.md §2.3, §4.1, §5). Rules are checked on
 * submit and then live as the user corrects them; success logs the user in
 * and goes home; a failure shows the server's text.
 */
export function RegisterPage() {
  usePageTitle('Sign up');
  const { session: store } = useServices();
  const session = useSession();
  const { openLogin } = useLoginModal();
  const navigate = useNavigate();
  const [form, setForm] = useState<RegistrationForm>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState('');
  const registering = useMutation({
    mutationFn: () =>
      store.register({
        email: form.email.trim(),
        username: form.username,
        password: form.password,
        birthDate: formatBirthDate(form.birthDate)!,
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        countryCode: form.countryCode,
      }),
    onSuccess: () => navigate('/', { replace: true }),
    onError: (err) => setServerError(errorText(err)),
  });
  const [focusRequest, setFocusRequest] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  const errors: RegistrationErrors = submitted ? validateRegistration(form) : {};

  useEffect(() => {
    if (focusRequest > 0) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    }
  }, [focusRequest]);

  // Registering logs the user in: this page sends them on itself then.
  if (session.loggedIn && !registering.isPending && !registering.isSuccess)
    return <Navigate to="/" replace />;

  function update<K extends keyof RegistrationForm>(key: K, value: RegistrationForm[K]) {
    setForm((f) => ({ ...f, [key]: value }));
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    setServerError('');
    if (Object.keys(validateRegistration(form)).length > 0) {
      setFocusRequest((n) => n + 1);
      return;
    }
    registering.mutate();
  }

  return (
    <section className="page register-page" aria-labelledby="page-title">
      <h1 id="page-title">Sign up</h1>
      <p>
        Already have an account?{' '}
        <button type="button" className="link-button" onClick={openLogin}>
          Log in here
        </button>
      </p>
      <form ref={formRef} className="form register-form" noValidate onSubmit={submit}>
        {serverError && <Alert kind="error">{serverError}</Alert>}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={form.email}
          error={errors.email}
          onChange={(e) => update('email', e.target.value)}
        />
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          value={form.username}
          error={errors.username}
          hint="3 to 20 letters, digits, dots, underscores or hyphens"
          onChange={(e) => update('username', e.target.value)}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={form.password}
          error={errors.password}
          onChange={(e) => update('password', e.target.value)}
        />
        <BirthDateFields
          value={form.birthDate}
          error={errors.birthDate}
          onChange={(v) => update('birthDate', v)}
        />
        <div className="field-row">
          <TextField
            label="First name (optional)"
            name="firstName"
            autoComplete="given-name"
            maxLength={50}
            value={form.firstName}
            onChange={(e) => update('firstName', e.target.value)}
          />
          <TextField
            label="Last name (optional)"
            name="lastName"
            autoComplete="family-name"
            maxLength={50}
            value={form.lastName}
            onChange={(e) => update('lastName', e.target.value)}
          />
        </div>
        <CountryField value={form.countryCode} onChange={(v) => update('countryCode', v)} />
        <div className={`field field-checkbox${errors.agreedToTerms ? ' field-invalid' : ''}`}>
          <input
            id="register-terms"
            type="checkbox"
            checked={form.agreedToTerms}
            aria-invalid={errors.agreedToTerms ? true : undefined}
            aria-describedby={errors.agreedToTerms ? 'register-terms-error' : undefined}
            onChange={(e) => update('agreedToTerms', e.target.checked)}
          />
          <label htmlFor="register-terms">
            I agree to the{' '}
            <Link to="/terms" target="_blank">
              Terms of Service
            </Link>
          </label>
          {errors.agreedToTerms && (
            <div id="register-terms-error" className="field-error">
              {errors.agreedToTerms}
            </div>
          )}
        </div>
        <div className="form-actions">
          <button type="submit" className="button-primary" disabled={registering.isPending}>
            Sign up
          </button>
        </div>
      </form>
    </section>
  );
}

function CountryField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <div className="field">
      <label htmlFor="register-country">Country (optional)</label>
      <select
        id="register-country"
        autoComplete="country"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">Choose a country</option>
        {countries().map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}
