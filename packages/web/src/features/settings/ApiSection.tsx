import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useServices, useSession } from '../../app/services.tsx';
import { apiKeyQuery } from '../../rpc/queries.ts';
import { useErrorText } from '../../rpc/use-error-text.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Loading } from '../../ui/Loading.tsx';

/** /settings/api: shows the API key and resets it after a confirmation. */
export function ApiSection() {
  const { api, notifications } = useServices();
  const session = useSession();
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const apiKey = apiKeyQuery(api, session.userId);
  // Asked once the session says whose key it is.
  const loaded = useQuery({ ...apiKey, enabled: session.loggedIn });
  const reset = useMutation({
    mutationFn: () => api.auth.getAPIKey({ reset: true }),
    onSuccess: (r) => {
      queryClient.setQueryData(apiKey.queryKey, r);
      setShown(true);
      notifications.show('success', 'Your API key was reset.');
    },
  });
  const error = useErrorText(reset.error ?? loaded.error);
  const key = loaded.data?.key ?? null;

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
        <Loading />
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
              <button
                type="button"
                className="button-danger"
                onClick={() => {
                  setConfirming(false);
                  reset.mutate();
                }}
              >
                Reset
              </button>
            </div>
          </div>
        </Modal>
      )}
    </div>
  );
}
