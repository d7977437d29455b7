import './monitoring.css';
import { StreamStatus, StreamType } from '@tessera/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import { useServices, useSession } from '../../app/services.tsx';
import { useErrorText } from '../../rpc/use-error-text.ts';
import { Alert } from '../../ui/Alert.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { isLive, ownKey, useOwnMonitoring, usePublisher, type Own } from './use-monitoring.ts';

type Device = 'phone' | 'webcam';

/**
 * The participant's monitoring setup (docs/product/tournaments.md §2
 * "Monitoring setup dialog"): device, camera, screen share, then the
 * streams' status with low-quality previews.
 */
export function SetupDialog({
  tournamentId,
  onClose,
}: {
  tournamentId: string;
  onClose: () => void;
}) {
  const session = useSession();
  if (!session.loggedIn)
    return (
      <Modal title="Monitoring setup" onClose={onClose}>
        <Alert kind="warning">
          <strong>Login Required</strong>
          <p>You must be logged in to access monitoring setup.</p>
        </Alert>
      </Modal>
    );
  return (
    <Modal title="Monitoring setup" onClose={onClose} wide>
      <Setup tournamentId={tournamentId} />
    </Modal>
  );
}

function Setup({ tournamentId }: { tournamentId: string }) {
  const { api } = useServices();
  const qc = useQueryClient();
  const own = useOwnMonitoring(tournamentId, true);
  const publisher = own.publisher!;
  usePublisher(publisher);
  const [device, setDevice] = useState<Device>('webcam');
  const [waiting, setWaiting] = useState<StreamType | null>(null);
  const [problem, setProblem] = useState('');
  const keysError = useErrorText(own.error);

  const start = useMutation({
    mutationFn: async (type: StreamType) => {
      setProblem('');
      setWaiting(type);
      const r = await api.monitoring.requestMonitoringStream({ tournamentId, streamType: type });
      qc.setQueryData<Own>(ownKey(tournamentId), (old) =>
        old ? { ...old, participant: r.participant! } : old,
      );
      publisher.setIceServers(r.iceServers, r.relay);
      try {
        const media =
          type === StreamType.CAMERA
            ? await navigator.mediaDevices.getUserMedia({ video: true, audio: false })
            : await navigator.mediaDevices.getDisplayMedia({ video: true, audio: true });
        publisher.publish(type, media);
      } catch (err) {
        setProblem(
          type === StreamType.CAMERA
            ? 'The camera could not be started; allow the browser to use it and try again.'
            : 'The screen share did not start; choose your entire screen and try again.',
        );
        throw err;
      } finally {
        setWaiting(null);
      }
    },
  });
  const startError = useErrorText(start.error);

  if (own.error) return <Alert kind="error">{keysError}</Alert>;
  if (!own.data) return <p role="status">Loading your stream keys…</p>;
  const p = own.data.participant;

  return (
    <div className="monitoring-setup">
      <Alert kind="info">
        This tournament is invigilated: its directors watch your camera and your screen while you
        play. Nothing is recorded.
      </Alert>
      <details className="monitoring-about">
        <summary>About Tournament Invigilation</summary>
        <p>
          You stream two things to the tournament&apos;s directors only: a camera that shows you and
          your surroundings, and your entire screen. The video goes straight to the directors (or
          through the organiser&apos;s relay) and stops when you close this page, when you stop
          sharing or when a director resets it.
        </p>
      </details>

      <section aria-labelledby="step1">
        <h3 id="step1">Step 1: choose your camera</h3>
        <label>
          <input
            type="radio"
            name="device"
            checked={device === 'phone'}
            onChange={() => setDevice('phone')}
          />{' '}
          A phone
        </label>{' '}
        <label>
          <input
            type="radio"
            name="device"
            checked={device === 'webcam'}
            onChange={() => setDevice('webcam')}
          />{' '}
          A webcam
        </label>
        {device === 'webcam' && (
          <p className="muted">A laptop or desktop computer is required for the webcam path.</p>
        )}
      </section>

      <section aria-labelledby="step2">
        <h3 id="step2">Step 2: position and start the camera</h3>
        {device === 'webcam' ? (
          <>
            <p>
              Use an external webcam placed to one side, so that it shows you, your hands and your
              screen.
            </p>
            <button
              type="button"
              disabled={start.isPending}
              onClick={() => start.mutate(StreamType.CAMERA)}
            >
              Start camera
            </button>
          </>
        ) : (
          <PhoneCamera tournamentId={tournamentId} />
        )}
        {waiting === StreamType.CAMERA && (
          <p role="status">Waiting for the camera… click again if the window did not open.</p>
        )}
      </section>

      <section aria-labelledby="step3">
        <h3 id="step3">Step 3: start the screen share</h3>
        <p>Share your entire screen (not a window or a tab) and tick share audio.</p>
        <button
          type="button"
          disabled={start.isPending}
          onClick={() => start.mutate(StreamType.SCREENSHOT)}
        >
          Start screen share
        </button>
        {waiting === StreamType.SCREENSHOT && (
          <p role="status">Waiting for the screen share… click again if the window did not open.</p>
        )}
      </section>

      {(problem || start.error) && <Alert kind="error">{problem || startError}</Alert>}

      {(isLive(p.cameraStatus) || isLive(p.screenshotStatus)) && (
        <section aria-labelledby="stream-status">
          <h3 id="stream-status">Stream Status</h3>
          <div className="monitoring-previews">
            <Preview
              label="Camera"
              status={p.cameraStatus}
              stream={publisher.stream(StreamType.CAMERA)}
            />
            <Preview
              label="Screen"
              status={p.screenshotStatus}
              stream={publisher.stream(StreamType.SCREENSHOT)}
            />
          </div>
        </section>
      )}
    </div>
  );
}

/** A small, low-quality preview of what the directors see. */
function Preview({
  label,
  status,
  stream,
}: {
  label: string;
  status: StreamStatus;
  stream?: MediaStream;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream ?? null;
  }, [stream]);
  return (
    <figure className="monitoring-preview">
      <figcaption>
        {label}: <StatusBadge status={status} />
      </figcaption>
      {stream && <video ref={ref} autoPlay muted playsInline width={160} height={90} />}
      {stream && (
        <a
          href="#"
          onClick={(e) => {
            e.preventDefault();
            void ref.current?.requestFullscreen?.();
          }}
        >
          Low-quality preview
        </a>
      )}
    </figure>
  );
}

/** The phone path: a QR code and a link to the camera page, signed by a short-lived key. */
function PhoneCamera({ tournamentId }: { tournamentId: string }) {
  const { api } = useServices();
  const key = useQuery({
    queryKey: ['monitoring', 'phone-key', tournamentId],
    queryFn: () => api.monitoring.createPhoneCameraKey({ tournamentId }),
    // Renewed before the key's fifteen minutes run out.
    refetchInterval: 10 * 60_000,
  });
  const [svg, setSvg] = useState('');
  const link = key.data
    ? `${window.location.origin}/monitoring/camera?t=${encodeURIComponent(tournamentId)}&key=${encodeURIComponent(key.data.key)}`
    : '';
  useEffect(() => {
    if (!link) return;
    void QRCode.toString(link, { type: 'svg', margin: 1, width: 200 }).then(setSvg);
  }, [link]);
  const error = useErrorText(key.error);
  if (key.error) return <Alert kind="error">{error}</Alert>;
  return (
    <div className="monitoring-phone">
      <p>
        Scan this code with your phone, or open the link on it. Hold the phone in landscape, keep it
        plugged in, and use the front camera.
      </p>
      {svg && (
        <div
          className="monitoring-qr"
          role="img"
          aria-label="QR code of the camera link"
          dangerouslySetInnerHTML={{ __html: svg }}
        />
      )}
      {link && (
        <a href={link} target="_blank" rel="noreferrer">
          Camera link for your phone
        </a>
      )}
    </div>
  );
}
