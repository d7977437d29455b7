import './monitoring.css';
import { StreamType } from '@tessera/protocol';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useServices } from '../../app/services.tsx';
import { useErrorText } from '../../rpc/use-error-text.ts';
import { Alert } from '../../ui/Alert.tsx';
import { publisherFor } from './use-monitoring.ts';

/**
 * /monitoring/camera?t=<tournament>&key=<phone key>: the phone's camera page.
 * The short-lived key from the QR code stands for the participant; the
 * phone is not signed in and can publish nothing but that camera.
 */
export function CameraPage() {
  const [params] = useSearchParams();
  const tournamentId = params.get('t') ?? '';
  const phoneKey = params.get('key') ?? '';
  const { api, socket } = useServices();
  const video = useRef<HTMLVideoElement>(null);
  const [live, setLive] = useState(false);
  const start = useMutation({
    mutationFn: async () => {
      const r = await api.monitoring.requestMonitoringStream({
        tournamentId,
        streamType: StreamType.CAMERA,
        phoneKey,
      });
      const media = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } },
        audio: false,
      });
      const p = publisherFor(socket, tournamentId, r.participant!.userId, phoneKey);
      p.setIceServers(r.iceServers, r.relay);
      p.publish(StreamType.CAMERA, media);
      if (video.current) video.current.srcObject = media;
      setLive(true);
    },
  });
  const error = useErrorText(start.error);
  useEffect(() => () => setLive(false), []);
  return (
    <section className="page monitoring-camera-page" aria-labelledby="camera-title">
      <h1 id="camera-title">Monitoring camera</h1>
      <p>Hold the phone in landscape, keep it plugged in and use the front camera.</p>
      {!live && (
        <button type="button" disabled={start.isPending} onClick={() => start.mutate()}>
          Start camera
        </button>
      )}
      {start.error && <Alert kind="error">{error}</Alert>}
      {live && (
        <p role="status">Streaming to the tournament&apos;s directors. Keep this page open.</p>
      )}
      <video ref={video} autoPlay muted playsInline style={{ width: '100%' }} />
    </section>
  );
}
