import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { COUNTRY_CODES, countryFlag } from '@tessera/protocol';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useServices } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { TextField } from '../../ui/Field.tsx';
import { SelectField } from '../../ui/FormControls.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { useLogout } from '../auth/index.ts';
import { AvatarEditor } from './PersonalSettingsAvatar.tsx';

export const PERSONAL_INFO_CHANGED = 'Your personal info was changed.';
export const BIRTH_DATE_PRIVATE_HINT =
  'Your profile information will be private unless you provide a birthdate.';
export const ACCOUNT_WILL_CLOSE = 'Your account will be closed';
export const EMAIL_INVALID = 'Enter a valid email address';
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Country names in the viewer's language, Unspecified first (docs/product/community.md §3). */
function useCountries() {
  return useMemo(() => {
    const names = new Intl.DisplayNames([], { type: 'region', fallback: 'code' });
    const rest = COUNTRY_CODES.slice(1)
      .map((code) => ({ code, name: names.of(code.toUpperCase()) ?? code }))
      .sort((a, b) => a.name.localeCompare(b.name));
    return [{ code: '', name: 'Unspecified' }, ...rest];
  }, []);
}

/**
 * /settings/personal (docs/product/community.md §2.5, §4.3, §4.5, §5): full
 * name, avatar, about, birth date, e-mail, first and last name, country, and
 * closing the account.
 */
export function PersonalSettings() {
  const { api } = useServices();
  const info = useQuery({
    queryKey: ['profile', 'getPersonalInfo'],
    queryFn: () => api.profile.getPersonalInfo({}),
  });
  return (
    <div className="settings-stack">
      <h1 id="page-title">Personal info</h1>
      {info.data?.info ? (
        <>
          <AvatarEditor avatarUrl={info.data.info.avatarUrl} />
          <PersonalForm initial={info.data.info} />
          <CloseAccount />
        </>
      ) : (
        <Loading error={info.error ? errorText(info.error) : null} />
      )}
    </div>
  );
}

interface Fields {
  fullName: string;
  about: string;
  birthDate: string;
  email: string;
  firstName: string;
  lastName: string;
  countryCode: string;
}

function PersonalForm({ initial }: { initial: Fields }) {
  const { api } = useServices();
  const queries = useQueryClient();
  const countries = useCountries();
  const [f, setF] = useState<Fields>({
    fullName: initial.fullName,
    about: initial.about,
    birthDate: initial.birthDate,
    email: initial.email,
    firstName: initial.firstName,
    lastName: initial.lastName,
    countryCode: initial.countryCode,
  });
  const [emailError, setEmailError] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const save = useMutation({
    mutationFn: () => api.profile.updatePersonalInfo(f),
    onSuccess: () => {
      setResult({ ok: true, text: PERSONAL_INFO_CHANGED });
      void queries.invalidateQueries({ queryKey: ['profile'] });
    },
    onError: (err) => setResult({ ok: false, text: errorText(err) }),
  });
  const set = (k: keyof Fields) => (e: { target: { value: string } }) =>
    setF((old) => ({ ...old, [k]: e.target.value }));

  function submit(e: FormEvent) {
    e.preventDefault();
    setResult(null);
    const bad = !EMAIL.test(f.email.trim()) ? EMAIL_INVALID : '';
    setEmailError(bad);
    if (!bad) save.mutate();
  }

  return (
    <form className="form settings-form" noValidate onSubmit={submit} aria-label="Personal info">
      {result && <Alert kind={result.ok ? 'success' : 'error'}>{result.text}</Alert>}
      <TextField label="Full name" value={f.fullName} maxLength={50} onChange={set('fullName')} />
      <div className="field">
        <label htmlFor="personal-about">About you</label>
        <textarea
          id="personal-about"
          rows={4}
          maxLength={2000}
          value={f.about}
          onChange={set('about')}
        />
      </div>
      <TextField
        label="Birth date"
        type="date"
        value={f.birthDate}
        onChange={set('birthDate')}
        hint={f.birthDate ? undefined : BIRTH_DATE_PRIVATE_HINT}
      />
      <TextField
        label="E-mail"
        type="email"
        value={f.email}
        onChange={set('email')}
        error={emailError || undefined}
      />
      <TextField
        label="First name"
        value={f.firstName}
        maxLength={50}
        onChange={set('firstName')}
      />
      <TextField label="Last name" value={f.lastName} maxLength={50} onChange={set('lastName')} />
      <SelectField label="Country" value={f.countryCode} onChange={set('countryCode')}>
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.code ? `${countryFlag(c.code)} ${c.name}` : c.name}
          </option>
        ))}
      </SelectField>
      <p>
        <button type="submit" className="button-primary" disabled={save.isPending}>
          Save
        </button>
      </p>
    </form>
  );
}

function CloseAccount() {
  const { api } = useServices();
  const logout = useLogout();
  const [password, setPassword] = useState('');
  const [ack, setAck] = useState(false);
  const [error, setError] = useState('');
  const [closed, setClosed] = useState(false);
  const close = useMutation({
    mutationFn: () => api.auth.notifyAccountClosure({ password }),
    onSuccess: () => setClosed(true),
    onError: (err) => setError(errorText(err)),
  });
  useEffect(() => {
    if (!closed) return;
    const t = setTimeout(() => void logout(), 1500);
    return () => clearTimeout(t);
  }, [closed, logout]);
  function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    if (!password) return setError('Please input your password!');
    if (!ack) return setError('Please confirm that you understand.');
    close.mutate();
  }
  return (
    <form
      className="form settings-form"
      noValidate
      onSubmit={submit}
      aria-label="Close your account"
    >
      <h2>Close your account</h2>
      {closed && <Alert kind="success">{ACCOUNT_WILL_CLOSE}</Alert>}
      {error && <Alert kind="error">{error}</Alert>}
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <label className="checkbox">
        <input type="checkbox" checked={ack} onChange={(e) => setAck(e.target.checked)} /> I
        understand that closing my account cannot be undone.
      </label>
      <p>
        <button type="submit" className="button-danger" disabled={close.isPending || closed}>
          Close my account
        </button>
      </p>
    </form>
  );
}
