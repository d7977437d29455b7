import { useEffect, useState } from 'react';
import { useServices } from '../../app/services.tsx';
import { errorText } from '../../rpc/errors.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Modal } from '../../ui/Modal.tsx';

/** /settings/api: shows the API key and resets it after a confirmation. */
export function ApiSection() {
  const { api, notifications } = useServices();
  const [key, setKey] = useState<string | null>(null);
  const [error, setError] = useState('');
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    let live = true;
    api.auth.getAPIKey({}).then(
      (r) => live && setKey(r.key),
      (err) => live && setError(errorText(err)),
    );
    return () => {
      live = false;
    };
  }, [api]);

  async function reset() {
    setConfirming(false);
    try {
      const r = await api.auth.getAPIKey({ reset: true });
      setKey(r.key);
      setShown(true);
      notifications.show('success', 'Your API key was reset.');
    } catch (err) {
      setError(errorText(err));
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(key ?? '');
      notifications.show('success', 'API key copied to clipboard.');
    } catch {
      notifications.show('error', 'Failed to copy the API key.');
    }
  }

  return (
    <div className="settings-stack">
      <h1 id="page-title">API</h1>
      <p className="muted">
        Programs you write can act as you with this key. Keep it secret; reset it if it leaks.
      </p>
      {error && <Alert kind="error">{error}</Alert>}
      {key === null && !error ? (
        <p className="muted">Loading…</p>
      ) : key !== null ? (
        <div className="api-key">
          <label htmlFor="api-key">Your API key</label>
          <div className="api-key-row">
            <input
              id="api-key"
              readOnly
              type={shown ? 'text' : 'password'}
              value={key || '(none yet)'}
              onFocus={(e) => e.target.select()}
            />
            <button type="button" className="button-secondary" onClick={() => setShown(!shown)}>
              {shown ? 'Hide' : 'Show'}
            </button>
            <button type="button" className="button-secondary" onClick={() => void copy()}>
              Copy
            </button>
          </div>
          <div className="form-actions">
            <button type="button" className="button-danger" onClick={() => setConfirming(true)}>
              Reset API key
            </button>
          </div>
        </div>
      ) : null}
      {confirming && (
        <Modal title="Reset your API key?" onClose={() => setConfirming(false)}>
          <div className="dialog-body">
            <p>Programs using the current key will stop working until they get the new one.</p>
            <div className="form-actions modal-actions">
              <button
                type="button"
                className="button-secondary"
                onClick={() => setConfirming(false)}
              >
                Keep it
              </button>
              <button type="button" className="button-danger" onClick={() => void reset()}>
                Reset
              </button>
            </div>
          </div>
        </Modal>
      )}
    </div>
  );
}
